-- khata_fee: the platform's fee on a payment, in paise (docs/product.md#money).
-- fee = round_half_up(amount × rate / 10000), in integers. khata_pay charges with it.
-- TypeScript twin that must agree to the paisa: feeFor in common/money.ts (the server's
-- validate answer and the client's preview); server/db/functions/khata-fee.test.ts holds
-- the two together for random amounts up to paymentPaiseMax and rates up to feeBasisPointsMax.
CREATE OR REPLACE FUNCTION khata_fee(p_amount_paise bigint, p_fee_basis_points integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_amount_paise * p_fee_basis_points + 5000) / 10000
$$;
