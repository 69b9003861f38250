/**
 * SQL for consent by SMS code: the charges a merchant starts (sms_charges) and the sign-ups at
 * the counter (counter_enrolments), each waiting for the code its SMS brought. A charge's
 * payment is the ledger's (khata_charge); a sign-up's account is opened through the ledger too.
 */
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { counterEnrolments, creditAccounts, smsCharges, users } from '../../db/schema';

/** The advisory lock class of one phone's consent codes (727002 is the PIN counters', 727004 a shop's reminders'). */
const phoneCodesLockClass = 727_006;

/**
 * One new code at a time per phone, to the end of the caller's transaction, so two shops
 * counting the number's codes of the hour never pass its limit together.
 */
export async function lockPhoneCodes(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${phoneCodesLockClass}::int, hashtext(${phone}))`);
}

/** How many consent codes (charges and sign-ups) went to `phone` after `since`, and when the first of them went. */
export async function codesSince(tx: Executor, phone: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [charges] = await tx.select({ n: count(), oldest: min(smsCharges.createdAt) }).from(smsCharges)
    .where(and(eq(smsCharges.toPhone, phone), gt(smsCharges.createdAt, since)));
  const [enrolments] = await tx.select({ n: count(), oldest: min(counterEnrolments.createdAt) }).from(counterEnrolments)
    .where(and(eq(counterEnrolments.phone, phone), gt(counterEnrolments.createdAt, since)));
  const times = [charges?.oldest, enrolments?.oldest].flatMap((at) => (at ? [new Date(at).getTime()] : []));
  return {
    count: Number(charges?.n ?? 0) + Number(enrolments?.n ?? 0),
    oldest: times.length > 0 ? new Date(Math.min(...times)) : null,
  };
}

/** One of the business's accounts with what a charge needs of its customer; null when it is not the business's. */
export async function chargeableAccount(db: Executor, businessId: string, accountId: string) {
  const rows = await db.select({
    id: creditAccounts.id,
    customerId: creditAccounts.customerId,
    limitPaise: creditAccounts.limitPaise,
    owedPaise: creditAccounts.owedPaise,
    customerName: users.name,
    phone: users.phone,
    language: users.language,
    frozen: sql<boolean>`${users.frozenAt} is not null`,
    smsApproval: users.smsApproval,
  }).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId)))
    .limit(1);
  return rows[0] ?? null;
}

export type NewCharge = typeof smsCharges.$inferInsert;

export async function insertCharge(tx: Executor, charge: NewCharge): Promise<void> {
  await tx.insert(smsCharges).values(charge);
}

/** Takes back a charge whose SMS no vendor took: no code went, so none is waited for. */
export async function deleteCharge(db: Executor, id: string): Promise<void> {
  await db.delete(smsCharges).where(and(eq(smsCharges.id, id), eq(smsCharges.status, 'pending')));
}

/** A charge of the business, with its customer's name; null when it is not the business's. */
export async function findCharge(db: Executor, businessId: string, id: string) {
  const rows = await db.select({
    id: smsCharges.id,
    creditAccountId: smsCharges.creditAccountId,
    customerId: smsCharges.customerId,
    customerName: users.name,
    amountPaise: smsCharges.amountPaise,
    feePaise: smsCharges.feePaise,
    note: smsCharges.note,
    status: smsCharges.status,
    attempts: smsCharges.attempts,
    expiresAt: smsCharges.expiresAt,
  }).from(smsCharges)
    .innerJoin(users, eq(users.id, smsCharges.customerId))
    .where(and(eq(smsCharges.id, id), eq(smsCharges.businessId, businessId)))
    .limit(1);
  return rows[0] ?? null;
}

export type ChargeRow = NonNullable<Awaited<ReturnType<typeof findCharge>>>;

/** The name of the customer with this phone who already has an account at the business; null when none has. */
export async function accountHolderByPhone(db: Executor, businessId: string, phone: string): Promise<string | null> {
  const rows = await db.select({ name: users.name }).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.businessId, businessId), eq(users.phone, phone), eq(users.role, 'customer')))
    .limit(1);
  return rows[0]?.name ?? null;
}

export type NewEnrolment = typeof counterEnrolments.$inferInsert;

export async function insertEnrolment(tx: Executor, enrolment: NewEnrolment): Promise<void> {
  await tx.insert(counterEnrolments).values(enrolment);
}

/** Takes back a sign-up whose SMS no vendor took. */
export async function deleteEnrolment(db: Executor, id: string): Promise<void> {
  await db.delete(counterEnrolments).where(and(eq(counterEnrolments.id, id), eq(counterEnrolments.status, 'pending')));
}

/** A sign-up of the business, locked until the caller's transaction ends; null when it is not the business's. */
export async function lockEnrolment(tx: Executor, businessId: string, id: string) {
  const rows = await tx.select().from(counterEnrolments)
    .where(and(eq(counterEnrolments.id, id), eq(counterEnrolments.businessId, businessId)))
    .limit(1).for('update');
  return rows[0] ?? null;
}

/** Counts a wrong code on a sign-up; `voided` when it was the last one allowed. */
export async function countWrongEnrolmentCode(tx: Executor, id: string, voided: boolean, now: Date): Promise<void> {
  await tx.update(counterEnrolments)
    .set({ attempts: sql`${counterEnrolments.attempts} + 1`, ...(voided ? { status: 'void' as const, decidedAt: now } : {}) })
    .where(eq(counterEnrolments.id, id));
}

/** The sign-up is done: the customer it signed up and the account it opened. */
export async function markEnrolmentUsed(
  tx: Executor, id: string, done: { customerId: string; creditAccountId: string; now: Date },
): Promise<void> {
  await tx.update(counterEnrolments)
    .set({ status: 'used', customerId: done.customerId, creditAccountId: done.creditAccountId, decidedAt: done.now })
    .where(eq(counterEnrolments.id, id));
}
