-- khata_refund: a merchant gives back a payment, wholly or in part, in one transaction and one
-- round trip (docs/product.md#refunds-and-reports; docs/decisions.md, "Every money operation
-- is one database function"). server/ledger/ledger.ts refund calls it with the PIN HMACs of
-- the person at the shop who refunds and every limit from common/limits.ts, and maps its
-- refusals to the errors the client reads.
--
-- 1. The PIN of p_actor_user_id (the business account or a staff account: the person's own)
--    under its attempt limit: khata_check_pin (khata_rules.sql), whose lock on p_attempt_key
--    is held to commit. A wrong PIN is answered before anything else, the limits included.
-- 2. Idempotency-Key (khata_stored_answer, khata_rules.sql), as khata_pay's: keyed by the
--    person's user id; the first request refunds, a retry with the same body gets the stored
--    answer, another body is idempotency_conflict. Serialised by the attempt lock of 1.
-- 3. The payment. One of p_business_id's rows (else transaction_not_found, as a row that
--    does not exist), of type payment (else not_a_payment), made at most p_refund_days_max
--    days before p_now (refundDaysMax; else refund_too_old). Its row is locked (FOR NO KEY
--    UPDATE: refunds of one payment wait for each other, while a report's foreign key to it
--    does not) before its earlier refunds are summed, so any number of concurrent refunds
--    never give back more than it.
-- 4. The report answered with this refund, if any: the payment's, still open (else
--    report_not_found, report_already_answered); its row is locked and marked refunded
--    with this refund's id in this transaction.
-- 5. The amount. Above zero and at most what is left refundable, the payment's amount less
--    its earlier refunds (refund_above_refundable, with what is left).
-- 6. The fee share. khata_fee_share (khata_rules.sql): round half up of fee × refund / amount,
--    never more than the fee not yet given back; the refund that empties the payment takes
--    the rest of the fee, so the shares of a payment refunded in parts sum to its fee.
-- 7. The guarded credit. owed >= refund + share, checked and changed in one UPDATE; else
--    refund_above_owed with what is owed and the largest refund that fits (the rest is
--    returned outside Khata). No balance goes below zero.
-- 8. The person. khata_actor (khata_rules.sql), limited by the goods refunded:
--    p_actor_member_id of p_actor_user_id, active at p_business_id (else forbidden), within a
--    manager's limits for one entry and for the India day (staff_single_limit,
--    staff_daily_limit), under the lock of their membership, the last lock taken.
-- 9. The ledger. One immutable `refund` row linked to its payment (original_id; amount =
--    goods refunded, fee = the share, at the payment's rate, with the merchant's reason,
--    naming the person and their role), and the counters and the day's rollup through
--    khata_count (khata_rules.sql): credit issued falls by the total, revenue by the amount,
--    the day's fee by the share, one refund more and the day's refunded amount by the goods;
--    the payment count stays.
-- 10. Dues. khata_refresh_dues (khata_rules.sql): like a repayment, a refund clears the
--     oldest payments first.
--
-- Refusals are raised as SQLSTATE KH000 with the error key as the message and its figures
-- in paise as DETAIL. Answers { outcome: 'refunded' | 'replayed', refundId, paymentId,
-- accountId, customerId }, or khata_check_pin's refusal.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_refund(uuid, uuid, uuid, bigint, text, uuid, text, jsonb, text, text, uuid, timestamptz,
                                     timestamptz, smallint, int, int, int, int);
CREATE OR REPLACE FUNCTION khata_refund(
  p_business_id uuid,
  p_actor_user_id uuid,
  p_actor_member_id uuid,
  p_payment_id uuid,
  p_amount_paise bigint,
  p_reason text,
  p_report_id uuid,
  p_attempt_key text,
  p_pin_hashes jsonb,
  p_idempotency_key text,
  p_request_hash text,
  p_transaction_id uuid,
  p_now timestamptz,
  p_idempotency_expires_at timestamptz,
  p_counter_slot smallint,
  p_pin_attempts_max int,
  p_lock_base_seconds int,
  p_lock_max_seconds int,
  p_refund_days_max int
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_person record;
  v_role text;
  v_check jsonb;
  v_replayed jsonb;
  v_payment transactions%ROWTYPE;
  v_report record;
  v_refunded bigint;
  v_fee_refunded bigint;
  v_refundable bigint;
  v_share bigint;
  v_total bigint;
  v_account record;
  v_owed bigint;
  v_fits bigint;
  v_low bigint;
  v_high bigint;
  v_middle bigint;
  v_result jsonb;
  v_day date := ((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;
BEGIN
  -- 1. The person's PIN.
  SELECT pin_hash, pin_key_version INTO v_person FROM users WHERE id = p_actor_user_id AND role IN ('business', 'staff');
  v_check := khata_check_pin(p_attempt_key, v_person.pin_hash, v_person.pin_key_version, p_pin_hashes, p_now,
                             p_pin_attempts_max, p_lock_base_seconds, p_lock_max_seconds);
  IF v_check ->> 'outcome' <> 'correct' THEN
    RETURN v_check;
  END IF;

  -- 2. Idempotency.
  v_replayed := khata_stored_answer(p_actor_user_id, p_idempotency_key, p_request_hash);
  IF v_replayed IS NOT NULL THEN
    RETURN v_replayed;
  END IF;

  -- 3. The payment, locked.
  SELECT * INTO v_payment FROM transactions WHERE id = p_payment_id AND business_id = p_business_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'transaction_not_found';
  END IF;
  IF v_payment.type <> 'payment' THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'not_a_payment';
  END IF;
  -- Days of 24 hours, as the row's refundableUntil/reversibleUntil counts them, whatever the
  -- session's time zone (a day-interval would follow its daylight saving).
  IF p_now > v_payment.created_at + p_refund_days_max * interval '24 hours' THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'refund_too_old', DETAIL = p_refund_days_max::text;
  END IF;

  -- 4. The report it answers.
  IF p_report_id IS NOT NULL THEN
    SELECT status INTO v_report FROM payment_reports
    WHERE id = p_report_id AND transaction_id = p_payment_id AND business_id = p_business_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'report_not_found';
    END IF;
    IF v_report.status <> 'open' THEN
      RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'report_already_answered';
    END IF;
  END IF;

  -- 5–6. What is left to refund, read under the payment's lock, and the fee share.
  SELECT coalesce(sum(amount_paise), 0), coalesce(sum(fee_paise), 0) INTO v_refunded, v_fee_refunded
  FROM transactions WHERE original_id = p_payment_id AND type = 'refund';
  v_refundable := v_payment.amount_paise - v_refunded;
  IF p_amount_paise IS NULL OR p_amount_paise <= 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'refund_amount_format';
  END IF;
  IF p_amount_paise > v_refundable THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'refund_above_refundable', DETAIL = v_refundable::text;
  END IF;
  v_share := khata_fee_share(p_amount_paise, v_payment.amount_paise, v_payment.fee_paise, v_refunded, v_fee_refunded);
  v_total := p_amount_paise + v_share;

  -- 7. The guarded credit.
  UPDATE credit_accounts SET owed_paise = owed_paise - v_total, updated_at = p_now
  WHERE id = v_payment.credit_account_id AND owed_paise >= v_total
  RETURNING id, customer_id, limit_paise, owed_paise INTO v_account;
  IF NOT FOUND THEN
    -- The largest refund whose total fits what is owed: below what is left, refund + share
    -- grows with the refund, so a binary search finds it; the emptying refund is checked alone.
    SELECT owed_paise INTO v_owed FROM credit_accounts WHERE id = v_payment.credit_account_id;
    v_low := 0;
    v_high := v_refundable - 1;
    WHILE v_low < v_high LOOP
      v_middle := (v_low + v_high + 1) / 2;
      IF v_middle + khata_fee_share(v_middle, v_payment.amount_paise, v_payment.fee_paise, v_refunded, v_fee_refunded) <= v_owed THEN
        v_low := v_middle;
      ELSE
        v_high := v_middle - 1;
      END IF;
    END LOOP;
    v_fits := v_low;
    IF v_refundable + v_payment.fee_paise - v_fee_refunded <= v_owed THEN
      v_fits := v_refundable;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'refund_above_owed',
      DETAIL = jsonb_build_object('owedPaise', v_owed, 'refundablePaise', v_fits)::text;
  END IF;

  -- 8. The person, within their limits.
  v_role := khata_actor(p_actor_member_id, p_actor_user_id, p_business_id, p_amount_paise, p_now, true);

  -- 9. The ledger row, the counters and the day's rollup.
  INSERT INTO transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
                            fee_basis_points, total_paise, limit_paise_after, owed_paise_after, original_id, reason,
                            actor_member_id, actor_role, created_at)
  VALUES (p_transaction_id, 'refund', 'completed', v_account.id, v_account.customer_id, p_business_id, p_amount_paise,
          v_share, v_payment.fee_basis_points, v_total, v_account.limit_paise, v_account.owed_paise, p_payment_id,
          p_reason, p_actor_member_id, v_role, p_now);
  PERFORM khata_count(p_business_id, p_counter_slot, v_day, 0, -v_total, -p_amount_paise, -v_share, 0, 1, p_amount_paise);

  -- 10. Dues, then the report this refund answers.
  PERFORM khata_refresh_dues(v_account.id, v_day);
  IF p_report_id IS NOT NULL THEN
    UPDATE payment_reports SET status = 'refunded', refund_transaction_id = p_transaction_id, decided_at = p_now
    WHERE id = p_report_id;
  END IF;

  v_result := jsonb_build_object('refundId', p_transaction_id, 'paymentId', p_payment_id,
                                 'accountId', v_account.id, 'customerId', v_account.customer_id);
  IF p_idempotency_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at, expires_at)
    VALUES (p_actor_user_id, p_idempotency_key, p_request_hash, 201, v_result::text, p_now, p_idempotency_expires_at);
  END IF;
  RETURN v_result || jsonb_build_object('outcome', 'refunded');
END;
$$;
