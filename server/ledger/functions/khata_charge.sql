-- khata_charge: a purchase the customer approves with the code a shop's charge sent them by
-- SMS, in one transaction and one round trip (docs/product.md#sms-approval; docs/decisions.md,
-- "Every money operation is one database function"). The charge (sms_charges) was written by
-- server/features/charges/charges.service.ts with its amount, its fee at the shop's rate then
-- and the HMAC of its code; that service computes the HMAC of the code the merchant typed (the
-- key never reaches the database), and server/ledger/ledger.ts charge passes every limit in
-- from common/limits.ts and maps the refusals to the errors the client reads.
--
-- 1. The charge, locked (FOR UPDATE): one of p_business_id's, else charge_not_found, as one
--    that does not exist. Confirmations of one charge wait for each other.
-- 2. Idempotency-Key (khata_stored_answer, khata_rules.sql), as khata_refund's: keyed by the
--    user id of the person at the shop who confirms; a retry with the same body gets the
--    stored answer, another body is idempotency_conflict. Its row is written with the answer
--    at the end, and a second writer of the key is refused too.
-- 3. The person: khata_actor (khata_rules.sql), not limited (the customer approved the amount
--    with their code): p_actor_member_id of p_actor_user_id, active at p_business_id, else
--    forbidden, before a code is counted. Their membership is read, not locked: the customer's
--    account is taken after it.
-- 4. Where the code stands, by the code's rule (khata_code_outcome, khata_rules.sql, which a
--    sign-up at the counter follows too): used (sms_code_used), void after p_attempts_max
--    wrong codes (sms_code_void), or past expires_at (sms_code_expired) is raised. A frozen
--    Khata pays nothing (customer_frozen), nor does a customer who has turned SMS approval off
--    since the code went (sms_approval_off), both before a code is counted, as khata_pay
--    refuses a frozen Khata before the PIN; both name the customer (DETAIL) for the merchant.
-- 5. The code. A wrong one adds an attempt and is answered, not raised, so the attempt
--    commits: 'sms_code_incorrect' with the attempts left, or, at p_attempts_max, the charge
--    is void and the answer 'sms_code_void'.
-- 6. The payment. Under the customer's PIN attempt lock (khata_lock_attempts on p_attempt_key,
--    pinCounter.account in server/features/auth/pins.service.ts), which serialises their
--    payments as khata_pay's does: khata_debit (khata_rules.sql), the same write as a QR
--    payment's: the guarded debit at the charge's amount, fee and rate (insufficient_credit
--    when what was available when the code was sent has been spent since), the dues, one
--    `payment` row with by_sms_code, the charge's note as its description and the person and
--    their role, the merchant's counters and rollups, the customer's last day with a payment.
-- 7. The charge is used, naming its ledger row (transaction_id); reconcile
--    (server/ledger/reconcile.ts) holds every by_sms_code row to exactly one used charge of
--    its amount and fee.
--
-- Answers { outcome: 'paid' | 'replayed', transactionId, accountId, customerId }, or
-- { outcome: 'sms_code_incorrect', attemptsLeft } | { outcome: 'sms_code_void' }.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_charge(uuid, uuid, uuid, text, text, text, text, uuid, timestamptz, timestamptz, smallint, int);
CREATE OR REPLACE FUNCTION khata_charge(
  p_business_id uuid,
  p_actor_user_id uuid,
  p_actor_member_id uuid,
  p_charge_id uuid,
  p_code_hash text,
  p_attempt_key text,
  p_idempotency_key text,
  p_request_hash text,
  p_transaction_id uuid,
  p_now timestamptz,
  p_idempotency_expires_at timestamptz,
  p_counter_slot smallint,
  p_attempts_max int
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_charge sms_charges%ROWTYPE;
  v_replayed jsonb;
  v_customer record;
  v_account record;
  v_result jsonb;
  v_code text;
  v_role text;
BEGIN
  -- 1. The charge, locked.
  SELECT * INTO v_charge FROM sms_charges WHERE id = p_charge_id AND business_id = p_business_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'charge_not_found';
  END IF;

  -- 2. Idempotency: a retry of a confirmed charge gets its answer, whatever the charge is now.
  v_replayed := khata_stored_answer(p_actor_user_id, p_idempotency_key, p_request_hash);
  IF v_replayed IS NOT NULL THEN
    RETURN v_replayed;
  END IF;

  -- 3. The person.
  v_role := khata_actor(p_actor_member_id, p_actor_user_id, p_business_id, v_charge.amount_paise, p_now, false);

  -- 4. Where the code stands, and the customer.
  v_code := khata_code_outcome(v_charge.status, v_charge.attempts, v_charge.expires_at, v_charge.code_hash, p_code_hash,
                               p_now, p_attempts_max);
  IF v_code IN ('sms_code_used', 'sms_code_void', 'sms_code_expired') THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = v_code;
  END IF;
  SELECT name, frozen_at IS NOT NULL AS frozen, sms_approval INTO v_customer FROM users WHERE id = v_charge.customer_id;
  IF v_customer.frozen THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'customer_frozen', DETAIL = v_customer.name;
  END IF;
  IF NOT v_customer.sms_approval THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'sms_approval_off', DETAIL = v_customer.name;
  END IF;

  -- 5. The code: a wrong one is counted, and the count commits.
  IF v_code = 'voided' THEN
    UPDATE sms_charges SET attempts = attempts + 1, status = 'void', decided_at = p_now WHERE id = p_charge_id;
    RETURN jsonb_build_object('outcome', 'sms_code_void');
  END IF;
  IF v_code = 'incorrect' THEN
    UPDATE sms_charges SET attempts = attempts + 1 WHERE id = p_charge_id;
    RETURN jsonb_build_object('outcome', 'sms_code_incorrect', 'attemptsLeft', p_attempts_max - v_charge.attempts - 1);
  END IF;

  -- 6. The payment, under the customer's attempt lock, as khata_pay's.
  PERFORM khata_lock_attempts(p_attempt_key);
  SELECT * INTO v_account FROM khata_debit(v_charge.customer_id, p_business_id, v_charge.amount_paise, v_charge.fee_paise,
                                           v_charge.fee_basis_points, NULL, v_charge.note, true, p_transaction_id, p_now,
                                           p_counter_slot, p_actor_member_id, v_role);

  -- 7. The charge is used.
  UPDATE sms_charges SET status = 'used', transaction_id = p_transaction_id, decided_at = p_now WHERE id = p_charge_id;

  v_result := jsonb_build_object('transactionId', p_transaction_id, 'accountId', v_account.o_account_id,
                                 'customerId', v_charge.customer_id);
  IF p_idempotency_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at, expires_at)
    VALUES (p_actor_user_id, p_idempotency_key, p_request_hash, 201, v_result::text, p_now, p_idempotency_expires_at)
    ON CONFLICT (user_id, key) DO NOTHING;
    IF NOT FOUND THEN
      -- Another charge's confirmation took the key in the meantime: this one is another request.
      RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'idempotency_conflict';
    END IF;
  END IF;
  RETURN v_result || jsonb_build_object('outcome', 'paid');
END;
$$;
