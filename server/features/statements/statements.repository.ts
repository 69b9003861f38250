/**
 * SQL for account statements. Both ledger reads go through the index on transactions
 * (customer_id, business_id, created_at, id): the range is one index range scan in order,
 * and the opening figure is one row read backwards from the range's start (EXPLAIN in
 * statements.test.ts and docs/performance.md).
 */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, creditAccounts, shopMembers, transactions, users } from '../../db/schema';

/** The account with its two names, only if `owner` is its customer or its business; else null. */
export async function findOwnedAccount(db: Executor, accountId: string, owner: { customerId: string } | { businessId: string }) {
  const owned = 'customerId' in owner
    ? eq(creditAccounts.customerId, owner.customerId) : eq(creditAccounts.businessId, owner.businessId);
  const rows = await db.select({
    id: creditAccounts.id,
    customerId: creditAccounts.customerId,
    businessId: creditAccounts.businessId,
    businessName: businesses.businessName,
    customerName: users.name,
  }).from(creditAccounts)
    .innerJoin(businesses, eq(businesses.id, creditAccounts.businessId))
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), owned))
    .limit(1);
  return rows[0] ?? null;
}

export type StatementAccount = NonNullable<Awaited<ReturnType<typeof findOwnedAccount>>>;

const ofAccount = (account: StatementAccount) => and(
  eq(transactions.customerId, account.customerId),
  eq(transactions.businessId, account.businessId),
  eq(transactions.creditAccountId, account.id),
);

/** The account's last ledger row before `start`: a query, so a test can EXPLAIN it. */
export const lastRowBefore = (db: Executor, account: StatementAccount, start: Date) =>
  db.select({ owedPaiseAfter: transactions.owedPaiseAfter }).from(transactions)
    .where(and(ofAccount(account), lt(transactions.createdAt, start)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);

/** What was owed after the account's last ledger row before `start`, or null when it has none. */
export async function owedBefore(db: Executor, account: StatementAccount, start: Date) {
  const rows = await lastRowBefore(db, account, start);
  return rows[0]?.owedPaiseAfter ?? null;
}

/**
 * The account's ledger rows from `start` (included) to `end` (excluded), oldest first, at
 * most `limit`: a query (awaited where it is used), so a test can EXPLAIN it.
 */
export const rowsBetween = (db: Executor, account: StatementAccount, start: Date, end: Date, limit: number) =>
  db.select({
    id: transactions.id,
    type: transactions.type,
    description: transactions.description,
    reason: transactions.reason,
    amountPaise: transactions.amountPaise,
    feePaise: transactions.feePaise,
    totalPaise: transactions.totalPaise,
    owedPaiseAfter: transactions.owedPaiseAfter,
    bySmsCode: transactions.bySmsCode,
    actorMemberId: transactions.actorMemberId,
    actorRole: transactions.actorRole,
    createdAt: transactions.createdAt,
  }).from(transactions)
    .where(and(ofAccount(account), gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(limit);

/**
 * The names of the shop's people who wrote a statement's rows, by membership id: read apart
 * from the range, so the range stays one index scan with no join.
 */
export async function memberNames(db: Executor, businessId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: shopMembers.id, name: shopMembers.name }).from(shopMembers)
    .where(and(eq(shopMembers.businessId, businessId), inArray(shopMembers.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
