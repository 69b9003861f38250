/** SQL for PIN attempt counters. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pinAttempts } from '../../db/schema';

export interface AttemptState {
  failures: number;
  lockCount: number;
  lockedUntil: Date | null;
}

const stateColumns = { failures: pinAttempts.failures, lockCount: pinAttempts.lockCount, lockedUntil: pinAttempts.lockedUntil };

/**
 * Locks the key's counter row until the transaction ends, creating it if needed, so
 * PIN evaluations of one identifier happen one at a time.
 */
export async function lockCounter(tx: Executor, key: string, now: Date): Promise<AttemptState> {
  const select = () => tx.select(stateColumns).from(pinAttempts).where(eq(pinAttempts.key, key)).for('update');
  const [existing] = await select();
  if (existing) return existing;
  await tx.insert(pinAttempts).values({ key, failures: 0, lockCount: 0, lockedUntil: null, updatedAt: now })
    .onConflictDoNothing();
  const [created] = await select();
  return created!;
}

export async function saveCounter(tx: Executor, key: string, state: AttemptState, now: Date): Promise<void> {
  await tx.update(pinAttempts).set({ ...state, updatedAt: now }).where(eq(pinAttempts.key, key));
}

/** Rows that hold nothing worth keeping: no failures and no lock history. */
export async function purgeIdle(db: Executor, before: Date): Promise<void> {
  await db.delete(pinAttempts).where(sql`${pinAttempts.failures} = 0 and ${pinAttempts.lockCount} = 0 and ${pinAttempts.updatedAt} < ${before.toISOString()}`);
}
