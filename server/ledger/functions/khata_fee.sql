-- khata_fee: the platform's fee on a payment, in paise (docs/product.md#money).
-- fee = round_half_up(amount × rate / 10000), in integers. khata_pay charges with it.
-- TypeScript twin that must agree to the paisa: feeFor in common/money.ts (the server's
-- validate answer and the client's preview); server/ledger/functions/khata-fee.test.ts holds
-- the two together for random amounts up to paymentPaiseMax and rates up to feeBasisPointsMax.
CREATE OR REPLACE FUNCTION khata_fee(p_amount_paise bigint, p_fee_basis_points integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_amount_paise * p_fee_basis_points + 5000) / 10000
$$;

-- khata_fee_share: the part of a payment's fee a refund gives back, in paise
-- (docs/product.md#money). round_half_up(fee × refund / amount) in integers, as khata_fee
-- rounds, never more than the fee not yet given back; the refund that empties the payment
-- (refund = amount − p_refunded_paise) takes exactly what is left of the fee, so a payment
-- refunded in parts gives back exactly its fee. p_refunded_paise and p_fee_refunded_paise
-- are the sums of the payment's earlier refunds' amounts and fee shares. khata_refund charges
-- with it; server/ledger/ledger.test.ts checks it against the formula.
CREATE OR REPLACE FUNCTION khata_fee_share(
  p_refund_paise bigint, p_amount_paise bigint, p_fee_paise bigint, p_refunded_paise bigint, p_fee_refunded_paise bigint
) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_refund_paise = p_amount_paise - p_refunded_paise THEN p_fee_paise - p_fee_refunded_paise
    ELSE least((p_fee_paise * p_refund_paise * 2 + p_amount_paise) / (2 * p_amount_paise), p_fee_paise - p_fee_refunded_paise)
  END
$$;
