-- khata_reverse: a merchant undoes a cash repayment recorded by mistake, in one transaction
-- and one round trip (docs/product.md#refunds-and-reports; docs/decisions.md, "Every money
-- operation is one database function"). server/ledger/ledger.ts reverse calls it with the
-- PIN HMACs of the person at the shop who reverses and every limit from common/limits.ts,
-- and maps its refusals.
--
-- 1. The PIN of p_actor_user_id (the business account or a staff account: the person's own)
--    under its attempt limit: khata_check_pin (khata_rules.sql). A wrong PIN is answered
--    before anything else, the limits included.
-- 2. The repayment. One of p_business_id's rows (else transaction_not_found), of type
--    repayment (else not_a_cash_repayment), not a confirmed UPI claim's (its
--    repayment_claims.transaction_id; else claim_repayment_not_reversible: the customer's
--    bank paid it), recorded at most p_reversal_days_max days before p_now
--    (reversalDaysMax; else reversal_too_old), and not reversed yet (else
--    repayment_already_reversed). Its row is locked (FOR NO KEY UPDATE) first, so two
--    reversals of it wait for each other; the unique index transactions_reversal_unique
--    holds the same rule in the schema.
-- 3. The debit. owed rises by exactly the repayment's amount, even above the limit in force:
--    it restores a debt that existed. No idempotency key: a second reversal is refused (2).
-- 4. The person. khata_actor (khata_rules.sql), limited by the repayment's amount:
--    p_actor_member_id of p_actor_user_id, active at p_business_id (else forbidden), within a
--    manager's limits for one entry and for the India day (staff_single_limit,
--    staff_daily_limit), under the lock of their membership, the last lock taken.
-- 5. The ledger. One immutable `reversal` row linked to its repayment (original_id; amount =
--    total = the repayment's, fee 0, with the merchant's reason, naming the person and their
--    role), and the counters through khata_count (khata_rules.sql): credit issued rises by the
--    amount; no daily figure moves.
-- 6. Dues. khata_refresh_dues (khata_rules.sql): the payments the repayment had
--    cleared are due again, with their own dates.
--
-- Refusals are raised as SQLSTATE KH000 with the error key as the message and its figure as
-- DETAIL. Answers { outcome: 'reversed', reversalId, repaymentId, accountId, customerId }, or
-- khata_check_pin's refusal.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_reverse(uuid, uuid, uuid, text, text, jsonb, uuid, timestamptz, smallint, int, int, int, int);
CREATE OR REPLACE FUNCTION khata_reverse(
  p_business_id uuid,
  p_actor_user_id uuid,
  p_actor_member_id uuid,
  p_repayment_id uuid,
  p_reason text,
  p_attempt_key text,
  p_pin_hashes jsonb,
  p_transaction_id uuid,
  p_now timestamptz,
  p_counter_slot smallint,
  p_pin_attempts_max int,
  p_lock_base_seconds int,
  p_lock_max_seconds int,
  p_reversal_days_max int
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_person record;
  v_role text;
  v_check jsonb;
  v_repayment transactions%ROWTYPE;
  v_account record;
  v_day date := ((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;
BEGIN
  -- 1. The person's PIN.
  SELECT pin_hash, pin_key_version INTO v_person FROM users WHERE id = p_actor_user_id AND role IN ('business', 'staff');
  v_check := khata_check_pin(p_attempt_key, v_person.pin_hash, v_person.pin_key_version, p_pin_hashes, p_now,
                             p_pin_attempts_max, p_lock_base_seconds, p_lock_max_seconds);
  IF v_check ->> 'outcome' <> 'correct' THEN
    RETURN v_check;
  END IF;

  -- 2. The repayment, locked.
  SELECT * INTO v_repayment FROM transactions WHERE id = p_repayment_id AND business_id = p_business_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'transaction_not_found';
  END IF;
  IF v_repayment.type <> 'repayment' THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'not_a_cash_repayment';
  END IF;
  IF EXISTS (SELECT 1 FROM repayment_claims WHERE transaction_id = p_repayment_id) THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'claim_repayment_not_reversible';
  END IF;
  -- Days of 24 hours, as the row's refundableUntil/reversibleUntil counts them, whatever the
  -- session's time zone (a day-interval would follow its daylight saving).
  IF p_now > v_repayment.created_at + p_reversal_days_max * interval '24 hours' THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'reversal_too_old', DETAIL = p_reversal_days_max::text;
  END IF;
  IF EXISTS (SELECT 1 FROM transactions WHERE original_id = p_repayment_id AND type = 'reversal') THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'repayment_already_reversed';
  END IF;

  -- 3. The debit, above the limit if need be.
  UPDATE credit_accounts SET owed_paise = owed_paise + v_repayment.amount_paise, updated_at = p_now
  WHERE id = v_repayment.credit_account_id
  RETURNING id, customer_id, limit_paise, owed_paise INTO v_account;

  -- 4. The person, within their limits.
  v_role := khata_actor(p_actor_member_id, p_actor_user_id, p_business_id, v_repayment.amount_paise, p_now, true);

  -- 5. The ledger row and the counters.
  INSERT INTO transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
                            fee_basis_points, total_paise, limit_paise_after, owed_paise_after, original_id, reason,
                            actor_member_id, actor_role, created_at)
  VALUES (p_transaction_id, 'reversal', 'completed', v_account.id, v_account.customer_id, p_business_id,
          v_repayment.amount_paise, 0, 0, v_repayment.amount_paise, v_account.limit_paise, v_account.owed_paise,
          p_repayment_id, p_reason, p_actor_member_id, v_role, p_now);
  PERFORM khata_count(p_business_id, p_counter_slot, v_day, 0, v_repayment.amount_paise, 0, 0, 0, 0, 0);

  -- 6. Dues.
  PERFORM khata_refresh_dues(v_account.id, v_day);

  RETURN jsonb_build_object('outcome', 'reversed', 'reversalId', p_transaction_id, 'repaymentId', p_repayment_id,
                            'accountId', v_account.id, 'customerId', v_account.customer_id);
END;
$$;
