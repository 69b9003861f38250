-- khata_session: the live session of a token's hash (docs/product.md#sessions): not revoked
-- and inside both its idle and its absolute expiry, with its user. The one place this rule is written:
-- every signed-in request reads it (findActiveSession in
-- server/features/sessions/sessions.repository.ts) and a payment reads it inside khata_pay,
-- in the payment's own round trip. LANGUAGE sql and STABLE, so the planner inlines it
-- into the query that calls it. A counter session (kind 'counter', docs/security.md
-- "Counter mode") speaks for its user with the role 'counter', which no route but the
-- counter's own accepts and khata_pay refuses as 'forbidden'.
-- member_id: the shop membership the session acts as (docs/security.md, "Staff and roles"),
-- null for customers, admins and a staff session that has not picked its shop. Whether that
-- membership is still active is findActiveSession's to read, not this function's: a payment
-- (khata_pay) reads only customers' sessions and must not pay for a join it never needs.
--
-- A changed result type needs a DROP FUNCTION first (CREATE OR REPLACE refuses it): the
-- version without member_id is dropped once, and only that one, so a restart does not
-- invalidate every cached plan that calls the function.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_proc
    WHERE proname = 'khata_session' AND pronamespace = current_schema()::text::regnamespace
      AND NOT ('member_id' = ANY (coalesce(proargnames, '{}')))
  ) THEN
    DROP FUNCTION khata_session(text, timestamptz);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION khata_session(p_token_hash text, p_now timestamptz)
RETURNS TABLE (user_id uuid, role text, name text, phone text, email text, idle_expires_at timestamptz, member_id uuid)
LANGUAGE sql STABLE AS $$
  SELECT u.id, CASE WHEN s.kind = 'counter' THEN 'counter' ELSE u.role END, u.name, u.phone, u.email, s.idle_expires_at,
    s.member_id
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
    AND s.idle_expires_at > p_now AND s.absolute_expires_at > p_now
  LIMIT 1
$$;
