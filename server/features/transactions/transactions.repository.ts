/**
 * SQL that reads the ledger: keyset-paginated histories and receipts (the ledger,
 * server/ledger/ledger.ts, writes every row). A row's refunds, reversal,
 * claim and report are looked up per row by index (transactions_original_idx,
 * transactions_reversal_unique, repayment_claims_transaction_unique,
 * payment_reports_transaction_unique), inside the one query of a page: never one query per row.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Paise } from '@common/money';
import type { KeysetCursor } from '../../cursor';
import type { Executor } from '../../db/client';
import { businesses, paymentReports, shopMembers, transactions, users } from '../../db/schema';

const refund = alias(transactions, 'refund');
/** The shop's owner, whose registered phone a receipt gives as the shop's. */
const shopOwner = alias(users, 'shop_owner');

/**
 * Sums of a payment's refunds, joined LATERAL to each row read: one range of
 * transactions_original_idx per payment, nothing for any other row.
 */
const refundsOf = (db: Executor) => db.select({
  amountPaise: sql<Paise | null>`sum(${refund.amountPaise})::bigint`.as('refunded_paise'),
  feePaise: sql<Paise | null>`sum(${refund.feePaise})::bigint`.as('refunded_fee_paise'),
}).from(refund)
  .where(and(eq(transactions.type, 'payment'), eq(refund.originalId, transactions.id), eq(refund.type, 'refund')))
  .as('refunds');

/**
 * What became of a row since: a payment's refunds (the goods amount and the fee shares they
 * gave back), and whether a repayment was reversed or written by a confirmed UPI claim.
 */
function followUpColumns(refunds: ReturnType<typeof refundsOf>) {
  return {
    refundedPaise: sql<Paise>`coalesce(${refunds.amountPaise}, 0)::bigint`,
    refundedFeePaise: sql<Paise>`coalesce(${refunds.feePaise}, 0)::bigint`,
    // Each CASE runs its lookup (by a unique index) only for a repayment.
    reversed: sql<boolean>`case when ${transactions.type} = 'repayment' then exists (
      select 1 from transactions r where r.original_id = ${transactions.id} and r.type = 'reversal') else false end`,
    // Only a confirmed claim names its transaction.
    fromClaim: sql<boolean>`case when ${transactions.type} = 'repayment' then exists (
      select 1 from repayment_claims c where c.transaction_id = ${transactions.id}) else false end`,
  };
}

/** A page's or one row's select: the row, its names, the shop's address and phone, who at the shop wrote it, what became of it, its report. */
function selectViews(db: Executor) {
  const refunds = refundsOf(db);
  return db.select({
    id: transactions.id,
    type: transactions.type,
    amountPaise: transactions.amountPaise,
    feePaise: transactions.feePaise,
    totalPaise: transactions.totalPaise,
    status: transactions.status,
    createdAt: transactions.createdAt,
    businessId: transactions.businessId,
    businessName: businesses.businessName,
    businessAddress: businesses.address,
    businessPhone: shopOwner.phone,
    customerName: users.name,
    description: transactions.description,
    limitPaiseAfter: transactions.limitPaiseAfter,
    owedPaiseAfter: transactions.owedPaiseAfter,
    originalId: transactions.originalId,
    reason: transactions.reason,
    bySmsCode: transactions.bySmsCode,
    actorName: shopMembers.name,
    actorRole: transactions.actorRole,
    ...followUpColumns(refunds),
    reportId: paymentReports.id,
    reportReason: paymentReports.reason,
    reportStatus: paymentReports.status,
    reportNote: paymentReports.note,
    reportDeclineReason: paymentReports.declineReason,
    reportCreatedAt: paymentReports.createdAt,
  }).from(transactions)
    .innerJoin(businesses, eq(businesses.id, transactions.businessId))
    .innerJoin(shopOwner, eq(shopOwner.id, businesses.userId))
    .innerJoin(users, eq(users.id, transactions.customerId))
    .leftJoin(shopMembers, eq(shopMembers.id, transactions.actorMemberId))
    .leftJoinLateral(refunds, sql`true`)
    .leftJoin(paymentReports, eq(paymentReports.transactionId, transactions.id));
}

export type FollowUpRow = Awaited<ReturnType<typeof followUpsOf>>[number];

/**
 * What became of some rows, by id (a statement's, read in its own range): one statement,
 * each row by its primary key and its lookups by index, as a page's.
 */
export function followUpsOf(db: Executor, ids: string[]) {
  const refunds = refundsOf(db);
  return db.select({ id: transactions.id, ...followUpColumns(refunds) }).from(transactions)
    .leftJoinLateral(refunds, sql`true`)
    .where(sql`${transactions.id} = any(${sql.param(ids)}::uuid[])`);
}

export type TransactionRow = Awaited<ReturnType<typeof page>>[number];

/**
 * Newest first, after the cursor, for one customer (optionally one business) or one
 * business, optionally only from `since` on: a query (awaited where it is used), so a test can EXPLAIN it.
 */
export function page(
  db: Executor, scope: { customerId?: string; businessId?: string; since?: Date }, limit: number, after?: KeysetCursor,
) {
  const conditions: (SQL | undefined)[] = [
    scope.customerId ? eq(transactions.customerId, scope.customerId) : undefined,
    scope.businessId ? eq(transactions.businessId, scope.businessId) : undefined,
    scope.since ? gte(transactions.createdAt, scope.since) : undefined,
    after ? or(
      lt(transactions.createdAt, after.createdAt),
      and(eq(transactions.createdAt, after.createdAt), lt(transactions.id, after.id)),
    ) : undefined,
  ];
  return selectViews(db)
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/** One row; with `owner`, only if it is that customer's or that business's. */
export async function findById(db: Executor, id: string, owner?: { customerId: string } | { businessId: string }) {
  const owned = owner === undefined ? undefined
    : 'customerId' in owner ? eq(transactions.customerId, owner.customerId) : eq(transactions.businessId, owner.businessId);
  const rows = await selectViews(db).where(and(eq(transactions.id, id), owned)).limit(1);
  return rows[0] ?? null;
}
