/**
 * SQL for consent by SMS code: the charges a merchant starts (sms_charges) and the sign-ups at
 * the counter (counter_enrolments), each waiting for the code its SMS brought. A charge's
 * payment is the ledger's (khata_charge); a sign-up's account is opened through the ledger too.
 */
import { and, count, eq, gt, min, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { counterEnrolments, creditAccounts, smsCharges, users } from '../../db/schema';

/** The advisory lock class of one phone's consent codes (727002 is the PIN counters', 727004 a shop's reminders'). */
const phoneCodesLockClass = 727_006;

/**
 * One new code at a time per phone, to the end of the caller's transaction, so two requests
 * counting the number's codes never pass a limit together.
 */
export async function lockPhoneCodes(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${phoneCodesLockClass}::int, hashtext(${phone}))`);
}

/** How many of some codes (or wrong tries at them) there are, and when the first of those codes went (null when none). */
export interface CodesCount { count: number; first: Date | null }

/** Adds two tables' counts. */
function together(a: { n: number | string | null; first: Date | string | null } | undefined, b: typeof a): CodesCount {
  const times = [a?.first, b?.first].flatMap((at) => (at ? [new Date(at).getTime()] : []));
  return { count: Number(a?.n ?? 0) + Number(b?.n ?? 0), first: times.length > 0 ? new Date(Math.min(...times)) : null };
}

/**
 * How many consent codes (charges and sign-ups) went to `phone` after `since`, and when the
 * first of them went: every shop's, or only `businessId`'s when it is given.
 */
export async function codesSince(tx: Executor, phone: string, businessId: string | null, since: Date): Promise<CodesCount> {
  const [charges] = await tx.select({ n: count(), first: min(smsCharges.createdAt) }).from(smsCharges)
    .where(and(eq(smsCharges.toPhone, phone), gt(smsCharges.createdAt, since),
      businessId === null ? undefined : eq(smsCharges.businessId, businessId)));
  const [enrolments] = await tx.select({ n: count(), first: min(counterEnrolments.createdAt) }).from(counterEnrolments)
    .where(and(eq(counterEnrolments.phone, phone), gt(counterEnrolments.createdAt, since),
      businessId === null ? undefined : eq(counterEnrolments.businessId, businessId)));
  return together(charges, enrolments);
}

/**
 * How many wrong codes were typed for `businessId`'s codes to `phone` (charges and sign-ups,
 * used ones too) sent after `since`, and when the first of the codes they were typed for was
 * sent.
 */
export async function wrongCodesSince(tx: Executor, businessId: string, phone: string, since: Date): Promise<CodesCount> {
  const [charges] = await tx.select({ n: sum(smsCharges.attempts), first: min(smsCharges.createdAt) }).from(smsCharges)
    .where(and(eq(smsCharges.toPhone, phone), gt(smsCharges.createdAt, since), eq(smsCharges.businessId, businessId),
      gt(smsCharges.attempts, 0)));
  const [enrolments] = await tx.select({ n: sum(counterEnrolments.attempts), first: min(counterEnrolments.createdAt) })
    .from(counterEnrolments)
    .where(and(eq(counterEnrolments.phone, phone), gt(counterEnrolments.createdAt, since),
      eq(counterEnrolments.businessId, businessId), gt(counterEnrolments.attempts, 0)));
  return together(charges, enrolments);
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

/** The customer a charge of the business is for; null when the charge is not the business's. */
export async function chargeCustomerId(db: Executor, businessId: string, id: string): Promise<string | null> {
  const rows = await db.select({ customerId: smsCharges.customerId }).from(smsCharges)
    .where(and(eq(smsCharges.id, id), eq(smsCharges.businessId, businessId)))
    .limit(1);
  return rows[0]?.customerId ?? null;
}

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

/** Where a code stands once the code typed is held against it (khata_code_outcome, khata_rules.sql has the rule). */
export type CodeOutcome = 'sms_code_used' | 'sms_code_void' | 'sms_code_expired' | 'correct' | 'incorrect' | 'voided';

/**
 * A sign-up of the business, locked until the caller's transaction ends, with where its code
 * stands against the HMAC of the code typed; null when it is not the business's. The outcome
 * is computed on the row as locked: after a wait for another confirmation, on what it wrote.
 */
export async function lockEnrolment(
  tx: Executor, businessId: string, id: string, typed: { codeHash: string; now: Date; attemptsMax: number },
) {
  const rows = await tx.select({
    id: counterEnrolments.id,
    phone: counterEnrolments.phone,
    name: counterEnrolments.name,
    language: counterEnrolments.language,
    limitPaise: counterEnrolments.limitPaise,
    attempts: counterEnrolments.attempts,
    outcome: sql<CodeOutcome>`khata_code_outcome(${counterEnrolments.status}, ${counterEnrolments.attempts},
      ${counterEnrolments.expiresAt}, ${counterEnrolments.codeHash}, ${typed.codeHash}, ${typed.now.toISOString()}::timestamptz,
      ${typed.attemptsMax}::int)`,
  }).from(counterEnrolments)
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
