/**
 * SQL for repayment claims (docs/product.md#upi-repayment-claims): a customer's word that
 * they paid by UPI, until the merchant decides.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Paise } from '@common/money';
import type { Executor } from '../../db/client';
import { businesses, creditAccounts, repaymentClaims, users } from '../../db/schema';

export type ClaimStatus = 'pending' | 'confirmed' | 'declined';

const claimColumns = {
  id: repaymentClaims.id,
  creditAccountId: repaymentClaims.creditAccountId,
  businessId: repaymentClaims.businessId,
  businessName: businesses.businessName,
  customerId: repaymentClaims.customerId,
  customerName: users.name,
  amountPaise: repaymentClaims.amountPaise,
  upiReference: repaymentClaims.upiReference,
  status: repaymentClaims.status,
  confirmedAmountPaise: repaymentClaims.confirmedAmountPaise,
  declineReason: repaymentClaims.declineReason,
  transactionId: repaymentClaims.transactionId,
  createdAt: repaymentClaims.createdAt,
  decidedAt: repaymentClaims.decidedAt,
};

export type ClaimRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

const withNames = (db: Executor) => db.select(claimColumns).from(repaymentClaims)
  .innerJoin(businesses, eq(businesses.id, repaymentClaims.businessId))
  .innerJoin(users, eq(users.id, repaymentClaims.customerId));

export async function findById(db: Executor, id: string) {
  const rows = await withNames(db).where(eq(repaymentClaims.id, id)).limit(1);
  return rows[0] ?? null;
}

/** An account's claims, newest first (repayment_claims_account_created_idx, backwards). */
export async function listForAccount(db: Executor, accountId: string, limit: number) {
  return withNames(db).where(eq(repaymentClaims.creditAccountId, accountId))
    .orderBy(desc(repaymentClaims.createdAt), desc(repaymentClaims.id)).limit(limit);
}

/** A business's claims, pending only or all, newest first (repayment_claims_business_status_idx). */
export async function listForBusiness(db: Executor, businessId: string, status: ClaimStatus | null, limit: number) {
  const scope = status === null
    ? eq(repaymentClaims.businessId, businessId)
    : and(eq(repaymentClaims.businessId, businessId), eq(repaymentClaims.status, status));
  return withNames(db).where(scope).orderBy(desc(repaymentClaims.createdAt), desc(repaymentClaims.id)).limit(limit);
}

/**
 * The customer's account with what a claim needs to know about it: what is owed and the
 * shop's UPI ID. The account row is locked for the claim's short transaction, so that two
 * claims made at once count each other's pending claims and see the same owed amount.
 */
export async function lockCustomerAccount(tx: Executor, customerId: string, accountId: string) {
  const rows = await tx.select({
    id: creditAccounts.id,
    businessId: creditAccounts.businessId,
    owedPaise: creditAccounts.owedPaise,
    upiVpa: businesses.upiVpa,
  }).from(creditAccounts)
    .innerJoin(businesses, eq(businesses.id, creditAccounts.businessId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.customerId, customerId)))
    .limit(1)
    .for('update', { of: creditAccounts });
  return rows[0] ?? null;
}

/** The account when `viewer` may see it: its customer, or its merchant's business. */
export async function findAccountOf(db: Executor, accountId: string, viewer: { customerId: string } | { businessId: string }) {
  const owner = 'customerId' in viewer
    ? eq(creditAccounts.customerId, viewer.customerId)
    : eq(creditAccounts.businessId, viewer.businessId);
  const rows = await db.select({ id: creditAccounts.id }).from(creditAccounts)
    .where(and(eq(creditAccounts.id, accountId), owner)).limit(1);
  return rows[0] ?? null;
}

/** What the account owes now (after a guarded repayment found less than it wanted). */
export async function owedNow(db: Executor, accountId: string): Promise<Paise | null> {
  const rows = await db.select({ owedPaise: creditAccounts.owedPaise }).from(creditAccounts)
    .where(eq(creditAccounts.id, accountId)).limit(1);
  return rows[0]?.owedPaise ?? null;
}

export async function countPending(db: Executor, accountId: string): Promise<number> {
  const rows = await db.select({ pending: count() }).from(repaymentClaims)
    .where(and(eq(repaymentClaims.creditAccountId, accountId), eq(repaymentClaims.status, 'pending')));
  return rows[0]?.pending ?? 0;
}

/** Inserts a pending claim; a reference already pending or confirmed at the business is a unique violation. */
export async function insert(tx: Executor, row: typeof repaymentClaims.$inferInsert): Promise<void> {
  await tx.insert(repaymentClaims).values(row);
}

/**
 * One of the business's claims, locked until the deciding transaction ends, so that two
 * decisions on it run one after the other and the second sees the first's outcome. Null
 * when no such claim is the business's. The customer's name is for the audit log's line.
 */
export async function lockForBusiness(tx: Executor, businessId: string, claimId: string) {
  const rows = await tx.select({
    id: repaymentClaims.id,
    creditAccountId: repaymentClaims.creditAccountId,
    customerId: repaymentClaims.customerId,
    customerName: users.name,
    amountPaise: repaymentClaims.amountPaise,
    upiReference: repaymentClaims.upiReference,
    status: repaymentClaims.status,
  }).from(repaymentClaims)
    .innerJoin(users, eq(users.id, repaymentClaims.customerId))
    .where(and(eq(repaymentClaims.id, claimId), eq(repaymentClaims.businessId, businessId)))
    .limit(1)
    .for('update', { of: repaymentClaims });
  return rows[0] ?? null;
}

export async function markConfirmed(tx: Executor, claimId: string, decision: {
  confirmedAmountPaise: Paise; transactionId: string; decidedAt: Date;
}): Promise<boolean> {
  const rows = await tx.update(repaymentClaims).set({ status: 'confirmed', ...decision })
    .where(and(eq(repaymentClaims.id, claimId), eq(repaymentClaims.status, 'pending')))
    .returning({ id: repaymentClaims.id });
  return rows.length === 1;
}

export async function markDeclined(tx: Executor, claimId: string, decision: { declineReason: string; decidedAt: Date }): Promise<boolean> {
  const rows = await tx.update(repaymentClaims).set({ status: 'declined', ...decision })
    .where(and(eq(repaymentClaims.id, claimId), eq(repaymentClaims.status, 'pending')))
    .returning({ id: repaymentClaims.id });
  return rows.length === 1;
}

/** The unique index a claim of a reference already pending or confirmed at the business violates. */
export const referenceConstraint = 'repayment_claims_reference_unique';
