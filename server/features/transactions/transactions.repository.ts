/** SQL for the ledger: inserts and keyset-paginated histories. */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { KeysetCursor } from '../../cursor';
import type { Executor } from '../../db/client';
import { businesses, transactions, users } from '../../db/schema';

export async function insert(tx: Executor, row: typeof transactions.$inferInsert): Promise<void> {
  await tx.insert(transactions).values(row);
}

const viewColumns = {
  id: transactions.id,
  type: transactions.type,
  amountPaise: transactions.amountPaise,
  feePaise: transactions.feePaise,
  totalPaise: transactions.totalPaise,
  status: transactions.status,
  createdAt: transactions.createdAt,
  businessId: transactions.businessId,
  businessName: businesses.businessName,
  customerName: users.name,
  description: transactions.description,
  limitPaiseAfter: transactions.limitPaiseAfter,
  owedPaiseAfter: transactions.owedPaiseAfter,
};

export type TransactionRow = Awaited<ReturnType<typeof page>>[number];

/** Newest first, after the cursor, for one customer (optionally one business) or one business. */
export async function page(db: Executor, scope: { customerId?: string; businessId?: string }, limit: number, after?: KeysetCursor) {
  const conditions: (SQL | undefined)[] = [
    scope.customerId ? eq(transactions.customerId, scope.customerId) : undefined,
    scope.businessId ? eq(transactions.businessId, scope.businessId) : undefined,
    after ? or(
      lt(transactions.createdAt, after.createdAt),
      and(eq(transactions.createdAt, after.createdAt), lt(transactions.id, after.id)),
    ) : undefined,
  ];
  return db.select(viewColumns).from(transactions)
    .innerJoin(businesses, eq(businesses.id, transactions.businessId))
    .innerJoin(users, eq(users.id, transactions.customerId))
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/** One row; with `owner`, only if it is that customer's or that business's. */
export async function findById(db: Executor, id: string, owner?: { customerId: string } | { businessId: string }) {
  const owned = owner === undefined ? undefined
    : 'customerId' in owner ? eq(transactions.customerId, owner.customerId) : eq(transactions.businessId, owner.businessId);
  const rows = await db.select(viewColumns).from(transactions)
    .innerJoin(businesses, eq(businesses.id, transactions.businessId))
    .innerJoin(users, eq(users.id, transactions.customerId))
    .where(and(eq(transactions.id, id), owned)).limit(1);
  return rows[0] ?? null;
}
