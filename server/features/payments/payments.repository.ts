/** SQL for payment idempotency keys. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export async function findKey(db: Executor, customerId: string, key: string) {
  const rows = await db.select().from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key))).limit(1);
  return rows[0] ?? null;
}

/**
 * Claims a key inside the payment's transaction. A concurrent payment with the same key
 * waits here on the unique index until the first commits (then finds its answer) or
 * rolls back (then proceeds itself).
 */
export async function claimKey(tx: Executor, row: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(idempotencyKeys).values(row).onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function storeAnswer(tx: Executor, customerId: string, key: string, response: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ response })
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
}
