/**
 * SQL for invitations by phone (docs/product.md#invitations): a shop's offer of credit to a
 * number, and the numbers' refusals of a shop (invitation_blocks).
 */
import { and, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@common/languages';
import type { Paise } from '@common/money';
import type { Executor } from '../../db/client';
import { businesses, creditAccounts, invitationBlocks, invitations, users } from '../../db/schema';

export type InvitationStatus = typeof invitations.$inferSelect['status'];

const invitationColumns = {
  id: invitations.id,
  businessId: invitations.businessId,
  businessName: businesses.businessName,
  phone: invitations.phone,
  name: invitations.name,
  limitPaise: invitations.limitPaise,
  language: invitations.language,
  code: invitations.code,
  status: invitations.status,
  smsSent: invitations.smsSent,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

const withShop = (db: Executor) => db.select(invitationColumns).from(invitations)
  .innerJoin(businesses, eq(businesses.id, invitations.businessId));

/** The advisory lock class of invitations (727002 is the PIN counters', 727003 the analytics', 727004 the reminders'). */
const invitationsLockClass = 727_005;

/**
 * One invitation at a time per shop, to the end of the caller's transaction: two processes
 * counting the shop's invitations of the day never pass its limit together, nor invite one
 * number twice. (The number's invitation SMS of the day have their own lock, taken after it:
 * SmsService.mayInvite.)
 */
export async function lockShop(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${invitationsLockClass}::int, hashtext(${`shop:${businessId}`}))`);
}

/** The name of the shop's customer with this phone, when the shop already has an account with them. */
export async function accountCustomerName(db: Executor, businessId: string, phone: string): Promise<string | null> {
  const rows = await db.select({ name: users.name }).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.businessId, businessId), eq(users.role, 'customer'), eq(users.phone, phone)))
    .limit(1);
  return rows[0]?.name ?? null;
}

/** The customer whose phone this is, or null when the number has no Khata customer. */
export async function customerIdByPhone(db: Executor, phone: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.role, 'customer'), eq(users.phone, phone))).limit(1);
  return rows[0]?.id ?? null;
}

/** Marks the shop's pending invitation to the number 'expired' when its time is up. */
export async function expireStale(tx: Executor, businessId: string, phone: string, now: Date): Promise<void> {
  await tx.update(invitations).set({ status: 'expired' })
    .where(and(
      eq(invitations.businessId, businessId), eq(invitations.phone, phone), eq(invitations.status, 'pending'), lte(invitations.expiresAt, now),
    ));
}

/** Whether the shop has a pending invitation to the number (once stale ones are expired, an open one). */
export async function hasPending(tx: Executor, businessId: string, phone: string): Promise<boolean> {
  const rows = await tx.select({ id: invitations.id }).from(invitations)
    .where(and(eq(invitations.businessId, businessId), eq(invitations.phone, phone), eq(invitations.status, 'pending'))).limit(1);
  return rows.length > 0;
}

/** Invitations the shop has made since `since`, whatever became of them (invitations_business_created_idx). */
export async function shopInvitationsSince(tx: Executor, businessId: string, since: Date): Promise<number> {
  const rows = await tx.select({ n: count() }).from(invitations)
    .where(and(eq(invitations.businessId, businessId), gte(invitations.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** Whether the number's owner refused the shop ("I don't want this"). */
export async function isBlocked(tx: Executor, businessId: string, phone: string): Promise<boolean> {
  const rows = await tx.select({ phone: invitationBlocks.phone }).from(invitationBlocks)
    .where(and(eq(invitationBlocks.businessId, businessId), eq(invitationBlocks.phone, phone))).limit(1);
  return rows.length > 0;
}

export interface NewInvitation {
  id: string;
  businessId: string;
  phone: string;
  name: string;
  limitPaise: Paise;
  language: Language;
  code: string;
  smsSent: boolean;
  createdAt: Date;
  expiresAt: Date;
}

export async function insert(tx: Executor, invitation: NewInvitation): Promise<void> {
  await tx.insert(invitations).values({ ...invitation, status: 'pending' });
}

export async function findById(db: Executor, id: string) {
  const rows = await withShop(db).where(eq(invitations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The invitation, locked until the caller's transaction ends, so one decision alone is made on it. */
export async function lockById(tx: Executor, id: string) {
  const rows = await withShop(tx).where(eq(invitations.id, id)).limit(1).for('update', { of: invitations });
  return rows[0] ?? null;
}

export async function findByCode(db: Executor, code: string) {
  const rows = await withShop(db).where(eq(invitations.code, code)).limit(1);
  return rows[0] ?? null;
}

/**
 * The shop's open invitations, newest first: pending and not yet expired, to numbers the shop
 * has no account for. An account opened another way meanwhile (payment handle, counter
 * sign-up) stands in the list instead, and the invitation can no longer be accepted
 * (invitation_account_exists), so it is not shown beside it.
 */
export async function openForBusiness(db: Executor, businessId: string, now: Date) {
  return withShop(db)
    .where(and(
      eq(invitations.businessId, businessId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now),
      sql`not exists (select 1 from ${creditAccounts} a join ${users} u on u.id = a.customer_id
        where a.business_id = ${invitations.businessId} and u.role = 'customer' and u.phone = ${invitations.phone})`,
    ))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/**
 * The open offers to a customer's number, newest first: pending, not expired, whose SMS went
 * (one held back by a refusal or the number's daily limit is not shown either), from shops
 * the customer has no account with yet.
 */
export async function openForCustomer(db: Executor, customerId: string, phone: string, now: Date) {
  return withShop(db)
    .where(and(
      eq(invitations.phone, phone), eq(invitations.status, 'pending'), eq(invitations.smsSent, true), gt(invitations.expiresAt, now),
      sql`not exists (select 1 from ${creditAccounts} a where a.customer_id = ${customerId} and a.business_id = ${invitations.businessId})`,
    ))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Records what became of a pending invitation (the caller holds its lock). */
export async function decide(tx: Executor, id: string, decision: {
  status: Exclude<InvitationStatus, 'pending'>; decidedAt: Date | null; customerId?: string; creditAccountId?: string;
}): Promise<void> {
  await tx.update(invitations).set({
    status: decision.status, decidedAt: decision.decidedAt,
    ...(decision.customerId ? { customerId: decision.customerId } : {}),
    ...(decision.creditAccountId ? { creditAccountId: decision.creditAccountId } : {}),
  }).where(eq(invitations.id, id));
}

/** The number refuses the shop's invitations from now on; a second refusal changes nothing. */
export async function block(tx: Executor, businessId: string, phone: string, at: Date): Promise<void> {
  await tx.insert(invitationBlocks).values({ businessId, phone, createdAt: at }).onConflictDoNothing();
}
