/** SQL for PIN attempt counters. A counter row exists only once a PIN was wrong. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pinAttempts } from '../../db/schema';

export interface AttemptState {
  failures: number;
  lockCount: number;
  lockedUntil: Date | null;
}

const noAttempts: AttemptState = { failures: 0, lockCount: 0, lockedUntil: null };

/**
 * Takes the key's lock until the transaction ends (an advisory lock: memory only, the
 * same one khata_pay takes), then reads its counter, so PIN evaluations of one
 * identifier happen one at a time.
 */
export async function lockAndRead(tx: Executor, key: string): Promise<AttemptState> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002, hashtext(${key}))`);
  const [row] = await tx.select({ failures: pinAttempts.failures, lockCount: pinAttempts.lockCount, lockedUntil: pinAttempts.lockedUntil })
    .from(pinAttempts).where(eq(pinAttempts.key, key));
  return row ?? noAttempts;
}

export async function save(tx: Executor, key: string, state: AttemptState, now: Date): Promise<void> {
  await tx.insert(pinAttempts).values({ key, ...state, updatedAt: now })
    .onConflictDoUpdate({ target: pinAttempts.key, set: { ...state, updatedAt: now } });
}

/** Lifts a lock and forgets the failures of a key. */
export async function clear(tx: Executor, key: string): Promise<boolean> {
  const rows = await tx.delete(pinAttempts).where(eq(pinAttempts.key, key)).returning({ key: pinAttempts.key });
  return rows.length > 0;
}
