/** SQL for PIN attempt counters. Each function is one atomic statement. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface AttemptReservation {
  /** Failures counted so far, including this attempt. */
  failures: number;
  /** Set when the key is locked now: the attempt must not be evaluated. */
  lockedUntil: Date | null;
}

/**
 * Counts an attempt before its PIN is evaluated, unless the key is locked. Counting first
 * means concurrent guesses cannot all slip past the limit while one is being checked.
 */
export async function reserveAttempt(db: Executor, key: string, now: Date): Promise<AttemptReservation> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    insert into pin_attempts (key, failures, lock_count, locked_until, updated_at)
    values (${key}, 1, 0, null, ${at})
    on conflict (key) do update set
      failures = case when pin_attempts.locked_until > ${at} then pin_attempts.failures
                      else pin_attempts.failures + 1 end,
      updated_at = ${at}
    returning failures, case when locked_until > ${at} then locked_until end as locked_until`);
  const row = rowsOf<{ failures: number; locked_until: string | null }>(result)[0]!;
  return { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
}

/** Records a wrong PIN that reached the limit: locks and doubles the next lock's length. */
export async function lock(
  db: Executor, key: string, now: Date, baseSeconds: number, maxSeconds: number,
): Promise<Date> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update pin_attempts set
      locked_until = ${at}::timestamptz + least(${baseSeconds}::bigint * power(2, lock_count)::bigint, ${maxSeconds}::bigint) * interval '1 second',
      lock_count = lock_count + 1,
      failures = 0,
      updated_at = ${at}
    where key = ${key} and (locked_until is null or locked_until <= ${at})
    returning locked_until`);
  const row = rowsOf<{ locked_until: string }>(result)[0];
  return row ? new Date(row.locked_until) : now;
}

/** A right PIN clears the key's history. */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from pin_attempts where key = ${key}`);
}
