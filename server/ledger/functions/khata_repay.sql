-- khata_repay: one repayment, cash recorded by the merchant or a confirmed UPI claim
-- (docs/product.md#credit-accounts; docs/decisions.md, "Every money operation is one database
-- function"), inside the caller's transaction: server/ledger/ledger.ts repay, which the credit
-- feature calls for cash and the claims feature calls under its claim's row lock.
--
-- 1. The guarded decrease. owed >= amount, checked and changed in one UPDATE of the
--    business's account, so no number of concurrent repayments, refunds and claim
--    confirmations takes owed below zero. When the account is not the business's or owes
--    less, nothing is written and the answer is NULL: the caller chooses its refusal
--    (repayment_above_owed, confirm_above_owed, credit_account_not_found).
-- 2. The person. khata_actor (khata_rules.sql), limited for cash (a claim's repayment is not):
--    p_actor_member_id of p_actor_user_id,
--    active at p_business_id (else forbidden), within a manager's or a cashier's limits for
--    one entry and for the India day (staff_single_limit, staff_daily_limit), under the lock of
--    their membership, taken after the account's as khata_actor asks. A refusal is raised, and
--    the caller's transaction writes nothing.
-- 3. The ledger. One immutable `repayment` row (fee 0, total = amount; p_description is NULL
--    for cash, "UPI <reference>" for a claim) naming the person and their role, and the
--    merchant's counters through khata_count (khata_rules.sql): credit issued falls by the
--    amount; no daily figure moves.
-- 4. Dues. khata_refresh_dues (khata_rules.sql) on the India day of p_now: the oldest
--    payments are cleared first.
--
-- Answers { id, customerId, limitPaise, owedPaise } of the account after, or NULL.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_repay(uuid, uuid, bigint, text, uuid, timestamptz, smallint);
CREATE OR REPLACE FUNCTION khata_repay(
  p_business_id uuid,
  p_actor_user_id uuid,
  p_actor_member_id uuid,
  p_account_id uuid,
  p_amount_paise bigint,
  p_description text,
  p_transaction_id uuid,
  p_now timestamptz,
  p_counter_slot smallint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_account record;
  v_role text;
  v_day date := ((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;
BEGIN
  UPDATE credit_accounts SET owed_paise = owed_paise - p_amount_paise, updated_at = p_now
  WHERE id = p_account_id AND business_id = p_business_id AND owed_paise >= p_amount_paise
  RETURNING id, customer_id, limit_paise, owed_paise INTO v_account;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  v_role := khata_actor(p_actor_member_id, p_actor_user_id, p_business_id, p_amount_paise, p_now, p_description IS NULL);

  INSERT INTO transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
                            fee_basis_points, total_paise, limit_paise_after, owed_paise_after, description,
                            actor_member_id, actor_role, created_at)
  VALUES (p_transaction_id, 'repayment', 'completed', v_account.id, v_account.customer_id, p_business_id, p_amount_paise, 0,
          0, p_amount_paise, v_account.limit_paise, v_account.owed_paise, p_description, p_actor_member_id, v_role, p_now);
  PERFORM khata_count(p_business_id, p_counter_slot, v_day, 0, -p_amount_paise, 0, 0, 0, 0, 0);
  PERFORM khata_refresh_dues(v_account.id, v_day);

  RETURN jsonb_build_object('id', v_account.id, 'customerId', v_account.customer_id,
                            'limitPaise', v_account.limit_paise, 'owedPaise', v_account.owed_paise);
END;
$$;
