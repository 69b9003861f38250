-- khata_session: the live session of a token's hash (docs/product.md#sessions): not revoked
-- and inside both its idle and its absolute expiry, with its user. The one place this rule is written:
-- every signed-in request reads it (findActiveSession in
-- server/features/sessions/sessions.repository.ts) and a payment reads it inside khata_pay,
-- in the payment's own round trip. LANGUAGE sql and STABLE, so the planner inlines it
-- into the query that calls it. A counter session (kind 'counter', docs/security.md
-- "Counter mode") speaks for its user with the role 'counter', which no route but the
-- counter's own accepts and khata_pay refuses as 'forbidden'.
CREATE OR REPLACE FUNCTION khata_session(p_token_hash text, p_now timestamptz)
RETURNS TABLE (user_id uuid, role text, name text, phone text, email text, idle_expires_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT u.id, CASE WHEN s.kind = 'counter' THEN 'counter' ELSE u.role END, u.name, u.phone, u.email, s.idle_expires_at
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
    AND s.idle_expires_at > p_now AND s.absolute_expires_at > p_now
  LIMIT 1
$$;
