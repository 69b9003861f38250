-- khata_rules: the rules every money operation shares, each written once as its own
-- function: the fee and a refund's fee share, the payable QR code, the PIN attempt rule, the
-- person at the shop and their limits, the rule of a code sent by SMS, the counters' slots
-- with the daily rollup, the dues' running total, and a payment's debit.
-- khata_pay, khata_charge, khata_repay, khata_refund and khata_reverse (one file each) call
-- them, and a sign-up at the counter its code's rule; nothing else writes these rules.
-- In dependency order: each function calls only functions above it.

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
-- The shop's address and its owner's phone come with the name, each by primary key in the
-- same query, for the receipt khata_pay answers with.
--
-- A changed result type needs a DROP FUNCTION first (CREATE OR REPLACE refuses it): the
-- version without the address and phone is dropped once, and only that one, so a restart
-- does not invalidate every cached plan that calls the function.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_proc
    WHERE proname = 'khata_payable_code' AND pronamespace = current_schema()::text::regnamespace
      AND NOT ('business_phone' = ANY (coalesce(proargnames, '{}')))
  ) THEN
    DROP FUNCTION khata_payable_code(text, timestamptz);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION khata_payable_code(p_token text, p_now timestamptz)
RETURNS TABLE (
  id uuid, business_id uuid, business_name text, business_address text, business_phone text, amount_paise bigint,
  fee_basis_points integer, description text, refusal text
)
LANGUAGE sql STABLE AS $$
  SELECT q.id, q.business_id, b.business_name, b.address, o.phone, q.amount_paise, q.fee_basis_points, q.description,
         CASE
           WHEN q.id IS NULL THEN 'qr_not_found'
           WHEN q.amount_paise IS NOT NULL AND q.paid_at IS NOT NULL THEN 'qr_already_used'
           WHEN q.expires_at <= p_now THEN 'qr_expired'
           WHEN b.status <> 'approved' THEN 'business_not_approved'
         END
  FROM (SELECT 1) AS one
  LEFT JOIN qr_codes q ON q.token = p_token
  LEFT JOIN businesses b ON b.id = q.business_id
  LEFT JOIN users o ON o.id = b.user_id
$$;

-- khata_stored_answer: the answer a merchant's money operation (khata_refund, khata_charge)
-- already gave under this Idempotency-Key, marked 'replayed'; NULL when the key is new (or
-- none was sent); idempotency_conflict when the key answered another request. khata_pay keeps
-- its own copy of the rule, as its answer is shaped apart ({ outcome, payment }).
CREATE OR REPLACE FUNCTION khata_stored_answer(p_user_id uuid, p_key text, p_request_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys%ROWTYPE;
BEGIN
  IF p_key IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_stored FROM idempotency_keys WHERE user_id = p_user_id AND key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_stored.request_hash <> p_request_hash THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'idempotency_conflict';
  END IF;
  RETURN v_stored.response::jsonb || jsonb_build_object('outcome', 'replayed');
END;
$$;

-- khata_lock_attempts: the lock of one PIN attempt counter key (advisory lock 727002 on the
-- key), held to the end of the caller's transaction. khata_check_pin takes it for every PIN
-- evaluation; a customer's key (pinCounter.account) also serialises their payments: khata_pay
-- holds it through its PIN check, khata_charge takes it before its debit (khata_debit reads
-- the customer's last day with a payment under it).
CREATE OR REPLACE FUNCTION khata_lock_attempts(p_key text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727002, hashtext(p_key))
$$;

-- khata_check_pin: the PIN attempt rule (docs/product.md#pins; docs/security.md, "Who can
-- lock whom"), the one place it is written. Every PIN check runs it: khata_pay, khata_refund
-- and khata_reverse inside their own transaction, and every other one (sign-in, change PIN,
-- counter mode, confirming a setting) through checkPin in server/features/auth/pins.service.ts
-- (pins.repository.ts checkAttempt). The caller computes the entered PIN's HMAC under each
-- pepper version (p_pin_hashes, { "1": "ab12…" }; the pepper never reaches the database) and
-- passes what is stored (p_stored_hash and p_stored_version; NULL for an unknown account,
-- which is refused and counted exactly as a wrong PIN).
--
-- 1. One evaluation at a time per counter key: khata_lock_attempts, held to the end of the
--    caller's transaction (khata_pay relies on it for its Idempotency-Key).
-- 2. While the key is locked (locked_until after p_now) nothing is evaluated: 'locked'.
-- 3. The stored hash is compared with p_pin_hashes ->> its version. A wrong PIN adds a
--    failure; p_attempts_max failures in a row lock the key for p_lock_base_seconds,
--    doubling with each lock up to p_lock_max_seconds (pinAttemptsMax, pinLockSecondsBase,
--    pinLockSecondsMax in common/limits.ts), and start counting again.
-- 4. The right PIN clears the counter. The counter row exists only once a PIN was wrong, so
--    a right PIN on a clean counter writes nothing.
--
-- Answers { "outcome": "correct" } | { "outcome": "pin_incorrect", "attemptsLeft": n }
-- | { "outcome": "locked", "lockedUntil": timestamptz }. The counter keys are made in one
-- place, pinCounter in pins.service.ts.
CREATE OR REPLACE FUNCTION khata_check_pin(
  p_key text,
  p_stored_hash text,
  p_stored_version smallint,
  p_pin_hashes jsonb,
  p_now timestamptz,
  p_attempts_max int,
  p_lock_base_seconds int,
  p_lock_max_seconds int
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_attempts pin_attempts%ROWTYPE;
  v_failures int;
  v_lock_seconds bigint;
BEGIN
  PERFORM khata_lock_attempts(p_key);
  SELECT * INTO v_attempts FROM pin_attempts WHERE key = p_key;
  IF NOT FOUND THEN
    v_attempts.failures := 0;
    v_attempts.lock_count := 0;
    v_attempts.locked_until := NULL;
  END IF;
  IF v_attempts.locked_until IS NOT NULL AND v_attempts.locked_until > p_now THEN
    RETURN jsonb_build_object('outcome', 'locked', 'lockedUntil', v_attempts.locked_until);
  END IF;

  IF p_stored_hash IS NULL OR p_stored_hash IS DISTINCT FROM (p_pin_hashes ->> p_stored_version::text) THEN
    v_failures := v_attempts.failures + 1;
    IF v_failures >= p_attempts_max THEN
      v_lock_seconds := least(p_lock_base_seconds::bigint * (2::bigint ^ v_attempts.lock_count)::bigint, p_lock_max_seconds::bigint);
      INSERT INTO pin_attempts (key, failures, lock_count, locked_until, updated_at)
      VALUES (p_key, 0, v_attempts.lock_count + 1, p_now + v_lock_seconds * interval '1 second', p_now)
      ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, lock_count = excluded.lock_count,
        locked_until = excluded.locked_until, updated_at = excluded.updated_at;
    ELSE
      INSERT INTO pin_attempts (key, failures, lock_count, locked_until, updated_at)
      VALUES (p_key, v_failures, v_attempts.lock_count, v_attempts.locked_until, p_now)
      ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, updated_at = excluded.updated_at;
    END IF;
    RETURN jsonb_build_object('outcome', 'pin_incorrect', 'attemptsLeft', greatest(0, p_attempts_max - v_failures));
  END IF;

  IF v_attempts.failures > 0 OR v_attempts.lock_count > 0 THEN
    UPDATE pin_attempts SET failures = 0, lock_count = 0, locked_until = NULL, updated_at = p_now WHERE key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'correct');
END;
$$;

-- khata_actor: the person at the shop a money operation is written for (docs/product.md#staff;
-- docs/security.md, "Staff and roles"), the one place their standing and their limits are
-- checked. khata_repay (for cash), khata_refund and khata_reverse call it with p_limited (cash
-- taken, a refund and a reversal are bounded by a manager's or a cashier's limits), khata_charge
-- and a confirmed UPI claim's repayment without (the customer approved the charge with their
-- code; the claim's money reached the shop's bank, not a person's hands).
--
-- 1. The membership: p_member_id, of p_business_id and of p_user_id (the account signed in, whose
--    PIN the operation checked), active; else forbidden. Limited, its row is locked (FOR NO KEY
--    UPDATE) to the end of the caller's transaction: one person's operations are counted one
--    at a time, and an owner's change of their limits or their revocation waits for the
--    operation, or the operation for it and then reads it. NO KEY, so the foreign keys of
--    sessions, audit rows and ledger rows to the membership (KEY SHARE) never wait for it.
--    Callers take this lock last, after every row lock of their own (the account's, the
--    payment's, the claim's), and wait for nothing after it, so no two operations of one person
--    ever wait for each other in a circle. Not limited, the row is only read: a charge takes
--    the customer's account after it (khata_debit).
-- 2. The limits of a manager or a cashier (single_limit_paise and daily_limit_paise; an owner
--    has none). Amounts are what the person moves: a repayment's, a refund's goods (its fee
--    share is the platform's), a reversal's repayment.
--    p_amount_paise above the single limit: staff_single_limit (DETAIL: the limit in paise).
--    The person's cash repayments, refunds and reversals of the India day of p_now (UTC+05:30, as
--    every ledger day; transactions_actor_created_idx) plus p_amount_paise above the daily
--    limit: staff_daily_limit (DETAIL: { limitPaise, leftPaise }, left = the day's limit less
--    what they moved today, never below 0).
-- Refusals are raised (SQLSTATE KH000), so the caller's transaction writes nothing. Returns
-- the member's role, which the caller's ledger row records (actor_role).
CREATE OR REPLACE FUNCTION khata_actor(
  p_member_id uuid,
  p_user_id uuid,
  p_business_id uuid,
  p_amount_paise bigint,
  p_now timestamptz,
  p_limited boolean
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_member record;
  v_day_start timestamptz;
  v_used bigint;
BEGIN
  IF p_limited THEN
    SELECT business_id, user_id, role, status, single_limit_paise, daily_limit_paise INTO v_member
    FROM shop_members WHERE id = p_member_id FOR NO KEY UPDATE;
  ELSE
    SELECT business_id, user_id, role, status, single_limit_paise, daily_limit_paise INTO v_member
    FROM shop_members WHERE id = p_member_id;
  END IF;
  IF NOT FOUND OR v_member.status <> 'active' OR v_member.business_id <> p_business_id
     OR v_member.user_id IS DISTINCT FROM p_user_id THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'forbidden';
  END IF;
  IF NOT p_limited OR v_member.role NOT IN ('manager', 'cashier') THEN
    RETURN v_member.role;
  END IF;

  IF p_amount_paise > v_member.single_limit_paise THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'staff_single_limit', DETAIL = v_member.single_limit_paise::text;
  END IF;
  -- The India day's first instant, as a timestamp in UTC; days of 24 hours (no daylight saving).
  v_day_start := ((((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date)::timestamp
                  - interval '5 hours 30 minutes') AT TIME ZONE 'UTC';
  SELECT coalesce(sum(amount_paise), 0) INTO v_used FROM transactions
  WHERE actor_member_id = p_member_id AND created_at >= v_day_start AND created_at < v_day_start + interval '24 hours'
    AND (type IN ('refund', 'reversal') OR (type = 'repayment' AND description IS NULL));
  IF v_used + p_amount_paise > v_member.daily_limit_paise THEN
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'staff_daily_limit',
      DETAIL = jsonb_build_object('limitPaise', v_member.daily_limit_paise,
                                  'leftPaise', greatest(0, v_member.daily_limit_paise - v_used))::text;
  END IF;
  RETURN v_member.role;
END;
$$;

-- khata_code_outcome: the rule of a consent code sent by SMS (docs/product.md#sms-approval;
-- docs/security.md, "Consent by SMS code"), the one place it is written. Both kinds of code
-- run it on their row, locked by the caller: a charge's in khata_charge, a sign-up's at the
-- counter in server/features/charges/charges.repository.ts (codeOutcome). It writes nothing:
-- each caller applies the outcome to its own table. p_code_hash is the HMAC kept of the code
-- sent, p_given_hash the HMAC of the code typed (the key never reaches the database).
-- The first that holds, in this order:
--   sms_code_used     the code approved what it was sent for already
--   sms_code_void     p_attempts_max wrong codes made it void
--   sms_code_expired  p_expires_at is not after p_now
--   correct           the code typed is the one sent
--   voided            a wrong code, the p_attempts_max-th: counted, and the code is void now
--   incorrect         a wrong code: counted (attempts + 1), p_attempts_max − p_attempts − 1 left
-- So a used, void or expired code counts no attempt, whatever is typed.
CREATE OR REPLACE FUNCTION khata_code_outcome(
  p_status text,
  p_attempts int,
  p_expires_at timestamptz,
  p_code_hash text,
  p_given_hash text,
  p_now timestamptz,
  p_attempts_max int
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_status = 'used' THEN 'sms_code_used'
    WHEN p_status = 'void' THEN 'sms_code_void'
    WHEN p_expires_at <= p_now THEN 'sms_code_expired'
    WHEN p_code_hash = p_given_hash THEN 'correct'
    WHEN p_attempts + 1 >= p_attempts_max THEN 'voided'
    ELSE 'incorrect'
  END
$$;

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

-- khata_refresh_dues: an account's next due date and overdue amount after what it owes
-- changed other than by a payment (docs/product.md#dues-and-reminders; docs/decisions.md, "Dues
-- are a running total, not a schedule table" and "Overdue is read, never counted"). Repayments
-- and refunds clear the oldest payments first, and a reversal gives back what its repayment
-- cleared: with repaid = charged − owed (repayments + refunds − reversals), the payments not
-- yet cleared are those whose charged_paise_after is above repaid (an index range on
-- transactions_account_charged_idx).
-- Their earliest effective due date (greatest(due_on, due_deferred_to)) is the account's
-- next_due_on, the column the "To collect" card's index reads; what of them falls due before
-- p_today (the India day of the server's clock) is overdue_paise, cached for that day
-- (overdue_on = p_today). When nothing is owed, no date, no deferral and nothing overdue remain.
-- Called after the UPDATE that changed owed (khata_repay, khata_refund, khata_reverse) or moved
-- the due date (deferDue in server/ledger/ledger.ts), in that transaction, so the account row
-- is already this transaction's; khata_pay keeps next_due_on itself (a payment can only bring
-- the date nearer, and falls due tomorrow at the earliest, so it never changes today's overdue
-- amount). Readers that recompute the same figures: overduePaiseSql in
-- server/features/credit/credit.repository.ts (the card), refreshOverdue in
-- server/ledger/ledger.repository.ts (the day's change); reconcile checks them.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_refresh_dues(uuid);
CREATE OR REPLACE FUNCTION khata_refresh_dues(p_account_id uuid, p_today date) RETURNS date
LANGUAGE sql AS $$
  UPDATE credit_accounts a SET
    next_due_on = CASE WHEN a.owed_paise = 0 THEN NULL ELSE (
      SELECT greatest(min(t.due_on), a.due_deferred_to) FROM transactions t
      WHERE t.credit_account_id = a.id AND t.type = 'payment' AND t.charged_paise_after > a.charged_paise - a.owed_paise
    ) END,
    due_deferred_to = CASE WHEN a.owed_paise = 0 THEN NULL ELSE a.due_deferred_to END,
    overdue_paise = CASE WHEN a.owed_paise = 0 THEN 0 ELSE (
      SELECT coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)::bigint
      FROM transactions t
      WHERE t.credit_account_id = a.id AND t.type = 'payment' AND t.charged_paise_after > a.charged_paise - a.owed_paise
        AND greatest(t.due_on, a.due_deferred_to) < p_today
    ) END,
    overdue_on = p_today
  WHERE a.id = p_account_id
  RETURNING a.next_due_on
$$;


-- khata_debit: a payment's write once its business, amount, fee and rate are settled, the one
-- place it is written (docs/product.md#payments). khata_pay (a PIN and a QR code) and
-- khata_charge (a code sent by SMS) call it in their transaction, each after its own checks,
-- holding the customer's PIN attempt lock (khata_check_pin's, on pinCounter.account), which
-- serialises the customer's payments:
--
-- 1. The guarded debit. owed + amount + fee <= limit, checked and changed in one UPDATE of
--    the customer's account at p_business_id; else insufficient_credit (DETAIL: the shortfall
--    in paise), or no_credit_account when the pair has none.
-- 2. Dues (docs/product.md#dues-and-reminders), in that UPDATE. The payment falls due on its
--    India day plus the business's credit period now (due_on, copied so a later change of
--    period moves nothing); the account's charged_paise grows by the total (charged_paise_after
--    on the row, the order in which repayments clear payments) and its next_due_on comes
--    nearer if this one is due sooner (least and greatest skip NULLs: no date yet, no
--    deferral). khata_refresh_dues recomputes them after anything that lowers what is owed.
-- 3. The ledger. One immutable `payment` row (qr_code_id, description and by_sms_code as the
--    caller says; the person at the shop who took a charge, p_actor_member_id and their role
--    p_actor_role from khata_actor, while a customer's own payment through khata_pay names
--    nobody: the defaults), and the merchant's counters and daily rollup on the merchant's
--    India day (UTC+05:30, no daylight saving) through khata_count (p_counter_slot is its
--    fallback slot).
-- 4. The customer's rollup (docs/product.md#dashboard-figures). On the customer's first
--    payment of an India day, their users.last_paid_on and customer_last_paid_days (the
--    count moves from their old day to today), read under the caller's attempt lock, so two
--    payments of one customer never both move them.
-- Reconcile (server/ledger/reconcile.ts) rebuilds every balance, counter, rollup and due date
-- from the ledger rows; bench/seed.ts writes them directly and must agree.
-- Returns the account after the debit.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_debit(uuid, uuid, bigint, bigint, integer, uuid, text, boolean, uuid, timestamptz, smallint);
CREATE OR REPLACE FUNCTION khata_debit(
  p_customer_id uuid,
  p_business_id uuid,
  p_amount_paise bigint,
  p_fee_paise bigint,
  p_fee_basis_points integer,
  p_qr_code_id uuid,
  p_description text,
  p_by_sms_code boolean,
  p_transaction_id uuid,
  p_now timestamptz,
  p_counter_slot smallint,
  p_actor_member_id uuid DEFAULT NULL,
  p_actor_role text DEFAULT NULL,
  OUT o_account_id uuid,
  OUT o_limit_paise bigint,
  OUT o_owed_paise bigint
)
LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint := p_amount_paise + p_fee_paise;
  v_day date := ((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;
  v_due date;
  v_account record;
  v_existing record;
  v_last_paid_on date;
BEGIN
  -- 1–2. The guarded debit with the dues: the limit check and the change are one statement.
  SELECT v_day + b.credit_period_days INTO v_due FROM businesses b WHERE b.id = p_business_id;
  UPDATE credit_accounts SET owed_paise = owed_paise + v_total, charged_paise = charged_paise + v_total,
    next_due_on = least(next_due_on, greatest(v_due, due_deferred_to)), updated_at = p_now
  WHERE customer_id = p_customer_id AND business_id = p_business_id AND owed_paise + v_total <= limit_paise
  RETURNING id, limit_paise, owed_paise, charged_paise INTO v_account;
  IF NOT FOUND THEN
    SELECT limit_paise, owed_paise INTO v_existing FROM credit_accounts
    WHERE customer_id = p_customer_id AND business_id = p_business_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'no_credit_account';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'KH000', MESSAGE = 'insufficient_credit',
      DETAIL = (v_existing.owed_paise + v_total - v_existing.limit_paise)::text;
  END IF;

  -- 3. The ledger row and the merchant's counters.
  INSERT INTO transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
                            fee_basis_points, total_paise, limit_paise_after, owed_paise_after, qr_code_id, description,
                            due_on, charged_paise_after, by_sms_code, actor_member_id, actor_role, created_at)
  VALUES (p_transaction_id, 'payment', 'completed', v_account.id, p_customer_id, p_business_id, p_amount_paise, p_fee_paise,
          p_fee_basis_points, v_total, v_account.limit_paise, v_account.owed_paise, p_qr_code_id, p_description,
          v_due, v_account.charged_paise, p_by_sms_code, p_actor_member_id, p_actor_role, p_now);

  PERFORM khata_count(p_business_id, p_counter_slot, v_day, 0, v_total, p_amount_paise, p_fee_paise, 1, 0, 0);

  -- 4. The customer's day, once a day, under the caller's attempt lock.
  SELECT last_paid_on INTO v_last_paid_on FROM users WHERE id = p_customer_id;
  IF v_last_paid_on IS NULL OR v_last_paid_on < v_day THEN
    UPDATE users SET last_paid_on = v_day WHERE id = p_customer_id;
    INSERT INTO customer_last_paid_days (day, slot, customers) VALUES (v_day, p_counter_slot, 1)
    ON CONFLICT (day, slot) DO UPDATE SET customers = customer_last_paid_days.customers + 1;
    IF v_last_paid_on IS NOT NULL THEN
      INSERT INTO customer_last_paid_days (day, slot, customers) VALUES (v_last_paid_on, p_counter_slot, -1)
      ON CONFLICT (day, slot) DO UPDATE SET customers = customer_last_paid_days.customers - 1;
    END IF;
  END IF;

  o_account_id := v_account.id;
  o_limit_paise := v_account.limit_paise;
  o_owed_paise := v_account.owed_paise;
END;
$$;
