-- khata_payable_code: the QR code behind a token, and why it cannot be paid now
-- (docs/product.md#qr-codes).
-- The one home of the QR rules: validate (qr.service.ts resolvePayable, through
-- qr.repository.ts payableCode) and pay (khata_pay) both read the refusal from here, so
-- the customer sees the same answer before the PIN as after it.
-- Always one row. `refusal` is NULL when the code can be paid, else the first of:
--   qr_not_found          no code has this token
--   qr_already_used       a dynamic (fixed-amount) code that was paid already
--   qr_expired            expires_at is not after p_now (the server's clock, passed in)
--   business_not_approved the merchant's business is not approved
-- A dynamic code is consumed by khata_pay's guarded UPDATE (paid_at IS NULL), not here.
CREATE OR REPLACE FUNCTION khata_payable_code(p_token text, p_now timestamptz)
RETURNS TABLE (
  id uuid, business_id uuid, business_name text, amount_paise bigint, fee_basis_points integer,
  description text, refusal text
)
LANGUAGE sql STABLE AS $$
  SELECT q.id, q.business_id, b.business_name, q.amount_paise, q.fee_basis_points, q.description,
         CASE
           WHEN q.id IS NULL THEN 'qr_not_found'
           WHEN q.amount_paise IS NOT NULL AND q.paid_at IS NOT NULL THEN 'qr_already_used'
           WHEN q.expires_at <= p_now THEN 'qr_expired'
           WHEN b.status <> 'approved' THEN 'business_not_approved'
         END
  FROM (SELECT 1) AS one
  LEFT JOIN qr_codes q ON q.token = p_token
  LEFT JOIN businesses b ON b.id = q.business_id
$$;
