/** SQL for replaying ledger events: a caller's newest ledger rows since a moment. */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { toWireAmount } from '@common/money';
import type { Executor } from '../../db/client';
import { businesses, transactions, users } from '../../db/schema';

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

/** What a stream sends of a ledger row besides its id: the figures an alert speaks. */
export interface EventDetails {
  amount: string;
  fee: string;
  totalAmount: string;
  customerName: string;
  businessName: string;
  createdAt: string;
  /** A refund's payment, a reversal's repayment; null for any other row. */
  originalId: string | null;
}

/** The figures and names of some ledger rows, by id (read by primary key). */
export async function eventDetails(db: Executor, ids: string[]): Promise<Map<string, EventDetails>> {
  const rows = await db.select({
    id: transactions.id,
    amountPaise: transactions.amountPaise,
    feePaise: transactions.feePaise,
    totalPaise: transactions.totalPaise,
    customerName: users.name,
    businessName: businesses.businessName,
    createdAt: transactions.createdAt,
    originalId: transactions.originalId,
  }).from(transactions)
    .innerJoin(businesses, eq(businesses.id, transactions.businessId))
    .innerJoin(users, eq(users.id, transactions.customerId))
    .where(inArray(transactions.id, ids));
  return new Map(rows.map((row) => [row.id, {
    amount: toWireAmount(row.amountPaise),
    fee: toWireAmount(row.feePaise),
    totalAmount: toWireAmount(row.totalPaise),
    customerName: row.customerName,
    businessName: row.businessName,
    createdAt: row.createdAt.toISOString(),
    originalId: row.originalId,
  }]));
}
