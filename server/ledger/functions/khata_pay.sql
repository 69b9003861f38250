-- khata_pay: one payment, in one transaction and one round trip (docs/product.md#payments;
-- docs/decisions.md, "One round trip per payment, in `khata_pay`", and "Every money
-- operation is one database function"). The service (server/features/payments/payments.service.ts)
-- computes the PIN's HMAC (the pepper never reaches the database); the ledger
-- (server/ledger/ledger.ts) passes every limit in from common/limits.ts; this function does
-- the rest, with the helpers every money operation shares:
--
-- 0. The session. The caller's token hash must name a live session of p_customer_id
--    (khata_session.sql, the rule every other request reads too); else 'not_signed_in',
--    and a session of a non-customer is 'forbidden'. Its idle expiry moves to
--    p_session_idle_expires_at when that is more than p_session_touch_seconds later;
--    twin: resolve in server/features/sessions/sessions.service.ts.
-- 1. The customer. A frozen Khata (users.frozen_at set by a "not me" report, cleared by the
--    OTP PIN reset; docs/security.md) pays nothing: 'account_frozen', before the PIN is
--    evaluated, so no PIN is guessed through a frozen Khata.
--    PIN attempts: khata_check_pin (khata_rules.sql), the rule every PIN check runs; its
--    advisory lock on p_attempt_key (pinCounter.account in server/features/auth/pins.service.ts)
--    is held to commit; the limits are pinAttemptsMax, pinLockSecondsBase and
--    pinLockSecondsMax in common/limits.ts.
-- 2. Idempotency-Key. The first request with a key pays; a retry with the same body gets
--    the stored answer; a different body is refused (idempotency_conflict). The key is
--    kept until p_idempotency_expires_at (idempotencyTtlSeconds in common/limits.ts). Its
--    row is written once, with the answer, at the end: the customer's attempt lock (1)
--    is held to commit, so a second request with the key waits for the first to commit
--    and then finds its row.
-- 3. The QR code. khata_payable_code (khata_rules.sql), the same SQL validate
--    reads, so the QR rules live only there.
-- 4. The amount. A dynamic code's own amount, else the customer's; above zero and at most
--    p_payment_max_paise (paymentPaiseMax in common/limits.ts, also in the zod schemas).
-- 5. The fee. khata_fee (khata_rules.sql) at the rate recorded on the code; twin: feeFor in
--    common/money.ts, held equal by server/ledger/functions/khata-fee.test.ts.
-- 6–9. The payment's write: khata_debit (khata_rules.sql), the one place it is written, which
--    khata_charge shares: the guarded debit (owed + amount + fee <= limit, checked and changed
--    in one UPDATE) with the dues (due_on, charged_paise, next_due_on), one immutable
--    `payment` row and the merchant's counters and daily rollup through khata_count, and the
--    customer's last day with a payment, under the attempt lock of 1, which already
--    serialises the customer's payments. A dynamic code is consumed just before it, in the
--    same transaction (paid_at IS NULL guard).
--
-- Refusals after the PIN check are raised as SQLSTATE KH000 with the error code as the
-- message; server/ledger/ledger.ts maps them to the errors the client reads.
-- Applied with CREATE OR REPLACE after the migrations, under their advisory lock
-- (server/db/migrate.ts); migrations 0003/0004 hold earlier versions, kept as history.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_pay(uuid, text, jsonb, text, bigint, text, text, timestamptz, timestamptz, uuid, smallint,
  int, int, int, bigint);

CREATE OR REPLACE FUNCTION khata_pay(
  p_token_hash text,
  p_session_idle_expires_at timestamptz,
  p_session_touch_seconds int,
  p_customer_id uuid,
  p_attempt_key text,
  p_pin_hashes jsonb,
  p_qr_token text,
  p_amount_paise bigint,
  p_idempotency_key text,
  p_request_hash text,
  p_now timestamptz,
  p_idempotency_expires_at timestamptz,
  p_transaction_id uuid,
  p_counter_slot smallint,
  p_pin_attempts_max int,
  p_lock_base_seconds int,
  p_lock_max_seconds int,
  p_payment_max_paise bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
  v_customer record;
  v_check jsonb;
  v_stored idempotency_keys%ROWTYPE;
  v_code record;
  v_amount bigint;
  v_fee bigint;
  v_total bigint;
  v_account record;
  v_result jsonb;
BEGIN
  -- 0. The session, checked here rather than in a round trip of its own.
  SELECT * INTO v_session FROM khata_session(p_token_hash, p_now);
  IF NOT FOUND OR v_session.user_id <> p_customer_id THEN
    RETURN jsonb_build_object('outcome', 'not_signed_in');
  END IF;
  IF v_session.role <> 'customer' THEN
    RETURN jsonb_build_object('outcome', 'forbidden');
  END IF;
  IF p_session_idle_expires_at - v_session.idle_expires_at > p_session_touch_seconds * interval '1 second' THEN
    UPDATE sessions SET idle_expires_at = least(p_session_idle_expires_at, absolute_expires_at)
    WHERE token_hash = p_token_hash;
  END IF;

  -- 1. The customer, then the PIN under its attempt limit (khata_rules.sql). The
  -- attempt lock it takes is held to commit.
  SELECT pin_hash, pin_key_version, name, frozen_at IS NOT NULL AS frozen INTO v_customer
  FROM users WHERE id = p_customer_id AND role = 'customer';
  IF v_customer.frozen THEN
    RETURN jsonb_build_object('outcome', 'account_frozen');
  END IF;
  v_check := khata_check_pin(p_attempt_key, v_customer.pin_hash, v_customer.pin_key_version, p_pin_hashes, p_now,
                             p_pin_attempts_max, p_lock_base_seconds, p_lock_max_seconds);
  IF v_check ->> 'outcome' <> 'correct' THEN
    RETURN v_check;
  END IF;

  -- 2. Idempotency: the first request with a key pays; later ones get its answer. Under
  -- the attempt lock above, a committed earlier request with this key is visible here.
  IF p_idempotency_key IS NOT NULL THEN
    SELECT * INTO v_stored FROM idempotency_keys WHERE user_id = p_customer_id AND key = p_idempotency_key;
    IF FOUND THEN
      IF v_stored.request_hash <> p_request_hash THEN
        RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'idempotency_conflict';
      END IF;
      RETURN jsonb_build_object('outcome', 'replayed', 'payment', v_stored.response::jsonb);
    END IF;
  END IF;

  -- 3. The code, from the server's own row, under the rules validate reads too.
  SELECT * INTO v_code FROM khata_payable_code(p_qr_token, p_now);
  IF v_code.refusal IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = v_code.refusal;
  END IF;

  -- 4–5. The amount and the fee.
  v_amount := coalesce(v_code.amount_paise, p_amount_paise);
  IF v_amount IS NULL OR v_amount <= 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'amount_missing';
  END IF;
  IF v_amount > p_payment_max_paise THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'amount_above_maximum';
  END IF;
  v_fee := khata_fee(v_amount, v_code.fee_basis_points);
  v_total := v_amount + v_fee;

  IF v_code.amount_paise IS NOT NULL THEN
    UPDATE qr_codes SET paid_at = p_now WHERE id = v_code.id AND paid_at IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'qr_already_used';
    END IF;
  END IF;

  -- 6–9. The debit, the ledger row, the counters, the customer's day and the dues (khata_rules.sql).
  SELECT * INTO v_account FROM khata_debit(p_customer_id, v_code.business_id, v_amount, v_fee, v_code.fee_basis_points,
                                           v_code.id, v_code.description, false, p_transaction_id, p_now, p_counter_slot);

  -- The answer, in the ledger's raw units; the service formats it.
  v_result := jsonb_build_object(
    'id', p_transaction_id, 'amountPaise', v_amount, 'feePaise', v_fee, 'totalPaise', v_total,
    'createdAt', p_now, 'businessId', v_code.business_id, 'businessName', v_code.business_name,
    'businessAddress', v_code.business_address, 'businessPhone', v_code.business_phone,
    'customerName', v_customer.name, 'description', v_code.description,
    'availablePaise', greatest(0, v_account.o_limit_paise - v_account.o_owed_paise));
  IF p_idempotency_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at, expires_at)
    VALUES (p_customer_id, p_idempotency_key, p_request_hash, 201, v_result::text, p_now, p_idempotency_expires_at);
  END IF;
  RETURN jsonb_build_object('outcome', 'paid', 'payment', v_result);
END;
$$;
