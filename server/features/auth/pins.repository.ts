/**
 * SQL for PIN attempt counters. The attempt rule itself is khata_check_pin
 * (server/ledger/functions/khata_rules.sql), the one place it is written: a payment, a
 * refund and a reversal run it inside their own function, every other PIN check here.
 */
import { eq, sql } from 'drizzle-orm';
import { assert } from '../../assert';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { pinAttempts } from '../../db/schema';

export type AttemptOutcome =
  | { outcome: 'correct' }
  | { outcome: 'pin_incorrect'; attemptsLeft: number }
  | { outcome: 'locked'; lockedUntil: string };

/**
 * One PIN evaluation under the attempt limit of `key`, in a transaction of its own
 * (khata_check_pin takes the key's advisory lock until it ends). `storedHash` is null for an
 * unknown account, which is counted as a wrong PIN.
 */
export async function checkAttempt(db: Db, check: {
  key: string; storedHash: string | null; storedVersion: number | null; pinHashes: Record<string, string>; now: Date;
  attemptsMax: number; lockBaseSeconds: number; lockMaxSeconds: number;
}): Promise<AttemptOutcome> {
  const [row] = rowsOf<{ result: AttemptOutcome | string }>(await db.execute(sql`select khata_check_pin(
    ${check.key}, ${check.storedHash}, ${check.storedVersion}::smallint, ${JSON.stringify(check.pinHashes)}::jsonb,
    ${check.now.toISOString()}::timestamptz, ${check.attemptsMax}::int, ${check.lockBaseSeconds}::int,
    ${check.lockMaxSeconds}::int) as result`));
  assert(row, 'select khata_check_pin(…) answers one row');
  return typeof row.result === 'string' ? JSON.parse(row.result) as AttemptOutcome : row.result;
}

/** Lifts a lock and forgets the failures of a key. */
export async function clear(tx: Executor, key: string): Promise<boolean> {
  const rows = await tx.delete(pinAttempts).where(eq(pinAttempts.key, key)).returning({ key: pinAttempts.key });
  return rows.length > 0;
}
