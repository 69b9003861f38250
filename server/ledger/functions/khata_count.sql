-- khata_count: moves a merchant's counters and their daily rollup by one ledger operation's
-- deltas (docs/product.md#dashboard-figures), the one place the slot rule is written. Called
-- by khata_pay, khata_repay, khata_refund and khata_reverse in their transaction, and by the
-- ledger's openAccount (server/ledger/ledger.ts) for the customer count.
--
-- 1. business_counters: whichever of the merchant's slot rows no concurrent transaction
--    holds now (FOR UPDATE SKIP LOCKED), so operations on one busy shop never queue on one
--    row; only when every slot is held, the row at p_fallback_slot (a random slot below
--    counterSlots in server/ledger/ledger.ts), inserted or added to. Either way the row is
--    this transaction's until it ends.
-- 2. business_daily, on the merchant's India day p_day, keyed by that same slot, so its row
--    is never waited for either. Written only when a daily figure moves (a repayment and a
--    reversal move none).
--
-- What the figures mean (reconcile, server/ledger/reconcile.ts, rebuilds each from the
-- ledger): credit_issued = payment totals − repayments − refund totals + reversals;
-- revenue = payment amounts − refund amounts; payments and refunds are counts; on a day,
-- revenue and fee are net of the refunds given that day, and refunded is their goods amount.
-- Returns the slot used.
CREATE OR REPLACE FUNCTION khata_count(
  p_business_id uuid,
  p_fallback_slot smallint,
  p_day date,
  p_customers int,
  p_credit_issued_paise bigint,
  p_revenue_paise bigint,
  p_fee_paise bigint,
  p_payments int,
  p_refunds int,
  p_refunded_paise bigint
) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_slot smallint;
BEGIN
  UPDATE business_counters c SET
    customers = c.customers + p_customers,
    credit_issued_paise = c.credit_issued_paise + p_credit_issued_paise,
    revenue_paise = c.revenue_paise + p_revenue_paise,
    payments = c.payments + p_payments,
    refunds = c.refunds + p_refunds
  WHERE c.business_id = p_business_id AND c.slot = (
    SELECT f.slot FROM business_counters f WHERE f.business_id = p_business_id
    FOR UPDATE SKIP LOCKED LIMIT 1)
  RETURNING c.slot INTO v_slot;
  IF NOT FOUND THEN
    INSERT INTO business_counters (business_id, slot, customers, credit_issued_paise, revenue_paise, payments, refunds)
    VALUES (p_business_id, p_fallback_slot, p_customers, p_credit_issued_paise, p_revenue_paise, p_payments, p_refunds)
    ON CONFLICT (business_id, slot) DO UPDATE SET
      customers = business_counters.customers + excluded.customers,
      credit_issued_paise = business_counters.credit_issued_paise + excluded.credit_issued_paise,
      revenue_paise = business_counters.revenue_paise + excluded.revenue_paise,
      payments = business_counters.payments + excluded.payments,
      refunds = business_counters.refunds + excluded.refunds;
    v_slot := p_fallback_slot;
  END IF;

  IF p_revenue_paise <> 0 OR p_fee_paise <> 0 OR p_payments <> 0 OR p_refunds <> 0 OR p_refunded_paise <> 0 THEN
    INSERT INTO business_daily (business_id, day, slot, revenue_paise, fee_paise, payments, refunds, refunded_paise)
    VALUES (p_business_id, p_day, v_slot, p_revenue_paise, p_fee_paise, p_payments, p_refunds, p_refunded_paise)
    ON CONFLICT (business_id, day, slot) DO UPDATE SET
      revenue_paise = business_daily.revenue_paise + excluded.revenue_paise,
      fee_paise = business_daily.fee_paise + excluded.fee_paise,
      payments = business_daily.payments + excluded.payments,
      refunds = business_daily.refunds + excluded.refunds,
      refunded_paise = business_daily.refunded_paise + excluded.refunded_paise;
  END IF;
  RETURN v_slot;
END;
$$;
