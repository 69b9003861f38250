/**
 * SQL for payment reports (docs/product.md#refunds-and-reports): a customer's word that
 * something is wrong with a payment, until the merchant refunds or declines it. A refund's
 * answer to a report is written by the ledger, inside the refund's own transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import type { PaymentReportStatus } from '@common/schemas/statuses';
import type { Executor } from '../../db/client';
import { businesses, paymentReports, transactions, users } from '../../db/schema';

/** A sum of paise: numeric from PostgreSQL, read as a whole number. */
const toPaise = (value: unknown) => Number(value) as Paise;

const reportColumns = {
  id: paymentReports.id,
  transactionId: paymentReports.transactionId,
  creditAccountId: paymentReports.creditAccountId,
  customerId: paymentReports.customerId,
  businessId: paymentReports.businessId,
  reason: paymentReports.reason,
  note: paymentReports.note,
  froze: paymentReports.froze,
  status: paymentReports.status,
  declineReason: paymentReports.declineReason,
  refundTransactionId: paymentReports.refundTransactionId,
  createdAt: paymentReports.createdAt,
  decidedAt: paymentReports.decidedAt,
  customerName: users.name,
  businessName: businesses.businessName,
  paymentCreatedAt: transactions.createdAt,
  amountPaise: transactions.amountPaise,
  feePaise: transactions.feePaise,
  totalPaise: transactions.totalPaise,
  // What the payment's refunds gave back so far, goods and fee shares (transactions_original_idx).
  refundedPaise: sql<Paise>`(select coalesce(sum(r.amount_paise), 0) from transactions r
    where r.original_id = ${paymentReports.transactionId} and r.type = 'refund')`.mapWith(toPaise),
  refundedFeePaise: sql<Paise>`(select coalesce(sum(r.fee_paise), 0) from transactions r
    where r.original_id = ${paymentReports.transactionId} and r.type = 'refund')`.mapWith(toPaise),
};

export type ReportRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

const withPayment = (db: Executor) => db.select(reportColumns).from(paymentReports)
  .innerJoin(transactions, eq(transactions.id, paymentReports.transactionId))
  .innerJoin(users, eq(users.id, paymentReports.customerId))
  .innerJoin(businesses, eq(businesses.id, paymentReports.businessId));

export async function findById(db: Executor, id: string) {
  const rows = await withPayment(db).where(eq(paymentReports.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A business's reports, of one status or all, newest first (payment_reports_business_status_idx). */
export async function listForBusiness(db: Executor, businessId: string, status: PaymentReportStatus | null, limit: number) {
  const scope = status === null
    ? eq(paymentReports.businessId, businessId)
    : and(eq(paymentReports.businessId, businessId), eq(paymentReports.status, status));
  return withPayment(db).where(scope).orderBy(desc(paymentReports.createdAt), desc(paymentReports.id)).limit(limit);
}

/** One of the customer's own ledger rows, with what a report records of it; null when not theirs. */
export async function findCustomerRow(db: Executor, customerId: string, transactionId: string) {
  const rows = await db.select({
    id: transactions.id,
    type: transactions.type,
    businessId: transactions.businessId,
    creditAccountId: transactions.creditAccountId,
  }).from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.customerId, customerId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a report; false when the payment already has one (payment_reports_transaction_unique). */
export async function insertIfAbsent(tx: Executor, row: typeof paymentReports.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(paymentReports).values(row).onConflictDoNothing({ target: paymentReports.transactionId })
    .returning({ id: paymentReports.id });
  return inserted.length > 0;
}

/**
 * One of the business's reports, locked until the deciding transaction ends, so that a
 * decline and a refund answering it (which locks it in the ledger) run one after the other.
 * The customer's name and the payment's amount are for the audit log's line.
 */
export async function lockForBusiness(tx: Executor, businessId: string, reportId: string) {
  const rows = await tx.select({
    id: paymentReports.id, status: paymentReports.status, customerId: paymentReports.customerId,
    customerName: users.name, amountPaise: transactions.amountPaise,
  })
    .from(paymentReports)
    .innerJoin(users, eq(users.id, paymentReports.customerId))
    .innerJoin(transactions, eq(transactions.id, paymentReports.transactionId))
    .where(and(eq(paymentReports.id, reportId), eq(paymentReports.businessId, businessId)))
    .limit(1)
    .for('update', { of: paymentReports });
  return rows[0] ?? null;
}

export async function markDeclined(tx: Executor, reportId: string, decision: { declineReason: string; decidedAt: Date }): Promise<boolean> {
  const rows = await tx.update(paymentReports)
    .set({ status: 'declined', declineReason: decision.declineReason, decidedAt: decision.decidedAt })
    .where(and(eq(paymentReports.id, reportId), eq(paymentReports.status, 'open')))
    .returning({ id: paymentReports.id });
  return rows.length > 0;
}

/** Freezes a customer's Khata at every shop: no sign-in and no payment until the OTP PIN reset. */
export async function freeze(tx: Executor, customerId: string, now: Date): Promise<void> {
  await tx.update(users).set({ frozenAt: now }).where(eq(users.id, customerId));
}
