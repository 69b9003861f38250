-- khata_check_pin: the PIN attempt rule (docs/product.md#pins; docs/security.md, "Who can
-- lock whom"), the one place it is written. Every PIN check runs it: khata_pay, khata_refund
-- and khata_reverse inside their own transaction, and every other one (sign-in, change PIN,
-- counter mode, confirming a setting) through checkPin in server/features/auth/pins.service.ts
-- (pins.repository.ts checkAttempt). The caller computes the entered PIN's HMAC under each
-- pepper version (p_pin_hashes, { "1": "ab12…" }; the pepper never reaches the database) and
-- passes what is stored (p_stored_hash and p_stored_version; NULL for an unknown account,
-- which is refused and counted exactly as a wrong PIN).
--
-- 1. One evaluation at a time per counter key: advisory lock 727002 on the key, held to the
--    end of the caller's transaction (khata_pay relies on it for its Idempotency-Key).
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
  PERFORM pg_advisory_xact_lock(727002, hashtext(p_key));
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
