/** SQL for replaying ledger events: a caller's newest ledger rows since a moment. */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactions } from '../../db/schema';

export type LedgerScope = { businessId: string } | { customerId: string };

/**
 * The newest `limit` rows of one business or one customer created at or after `since`,
 * oldest first. Read through transactions_business_created_idx or
 * transactions_customer_created_idx (scope, created_at, id), backwards.
 */
export async function rowsSince(db: Executor, scope: LedgerScope, since: Date, limit: number) {
  const owner = 'businessId' in scope
    ? eq(transactions.businessId, scope.businessId)
    : eq(transactions.customerId, scope.customerId);
  const rows = await db.select({
    id: transactions.id,
    type: transactions.type,
    businessId: transactions.businessId,
    customerId: transactions.customerId,
  }).from(transactions)
    .where(and(owner, gte(transactions.createdAt, since)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.reverse();
}
