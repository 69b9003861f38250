/**
 * SQL for the shop's people (docs/product.md#staff): its memberships (shop_members), the
 * owner's invitations by phone (staff_invitations) and the staff accounts they open (users
 * with the role 'staff').
 */
import { and, asc, count, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@common/languages';
import type { Paise } from '@common/money';
import type { ShopRole } from '@common/permissions';
import type { Executor } from '../../db/client';
import { businesses, shopMembers, staffInvitations, transactions, users } from '../../db/schema';

/** The advisory lock class of staff invitations (727005 is the customer invitations', 727006 the consent codes'). */
const staffInvitationsLockClass = 727_007;

/**
 * One staff invitation at a time per shop, to the end of the caller's transaction: two
 * owners inviting at once never pass the shop's invitations of the day together, nor invite
 * one number twice.
 */
export async function lockShop(tx: Executor, businessId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${staffInvitationsLockClass}::int, hashtext(${`shop:${businessId}`}))`);
}

/**
 * One acceptance at a time per phone, to the end of the caller's transaction: two shops'
 * invitations accepted at once by a new person open one staff account, not two.
 */
export async function lockPhone(tx: Executor, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${staffInvitationsLockClass}::int, hashtext(${`phone:${phone}`}))`);
}

const memberColumns = {
  id: shopMembers.id,
  businessId: shopMembers.businessId,
  userId: shopMembers.userId,
  name: shopMembers.name,
  phone: users.phone,
  email: users.email,
  role: shopMembers.role,
  founding: shopMembers.founding,
  status: shopMembers.status,
  singleLimitPaise: shopMembers.singleLimitPaise,
  dailyLimitPaise: shopMembers.dailyLimitPaise,
  createdAt: shopMembers.createdAt,
  revokedAt: shopMembers.revokedAt,
};

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/**
 * The shop's people with what each moved since `dayStart` as their daily limit counts it
 * (khata_actor): cash repayments (a confirmed UPI claim's has a description and is not
 * counted), refunds' goods and reversals (transactions_actor_created_idx). The founding
 * owner first, then the active ones, then the revoked, each oldest first.
 */
export async function membersOf(db: Executor, businessId: string, dayStart: Date) {
  const usedToday = sql`(select coalesce(sum(t.amount_paise), 0)::bigint from ${transactions} t
    where t.actor_member_id = ${shopMembers.id} and t.created_at >= ${dayStart.toISOString()}::timestamptz
      and (t.type in ('refund', 'reversal') or (t.type = 'repayment' and t.description is null)))`.mapWith((value) => Number(value) as Paise);
  return db.select({ ...memberColumns, usedTodayPaise: usedToday }).from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(eq(shopMembers.businessId, businessId))
    .orderBy(desc(shopMembers.founding), asc(shopMembers.status), asc(shopMembers.createdAt), asc(shopMembers.id));
}

/** A person of the shop, locked until the caller's transaction ends; null for anyone else's. */
export async function lockMember(tx: Executor, businessId: string, memberId: string) {
  const rows = await tx.select(memberColumns).from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.id, memberId), eq(shopMembers.businessId, businessId)))
    .limit(1).for('update', { of: shopMembers });
  return rows[0] ?? null;
}

export async function updateMember(tx: Executor, memberId: string, change: {
  role: ShopRole; singleLimitPaise: Paise | null; dailyLimitPaise: Paise | null;
}): Promise<void> {
  await tx.update(shopMembers).set(change).where(eq(shopMembers.id, memberId));
}

export async function revokeMember(tx: Executor, memberId: string, by: { memberId: string; at: Date }): Promise<void> {
  await tx.update(shopMembers).set({ status: 'revoked', revokedAt: by.at, revokedByMemberId: by.memberId }).where(eq(shopMembers.id, memberId));
}

/**
 * Whether the phone already works at the shop: its staff account is an active member there,
 * or it is the phone of the shop's own business account.
 */
export async function worksAt(db: Executor, businessId: string, phone: string): Promise<boolean> {
  const rows = await db.select({ id: shopMembers.id }).from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(
      eq(shopMembers.businessId, businessId), eq(shopMembers.status, 'active'), eq(users.phone, phone),
      sql`(${users.role} = 'staff' or ${shopMembers.founding})`,
    ))
    .limit(1);
  return rows.length > 0;
}

const invitationColumns = {
  id: staffInvitations.id,
  businessId: staffInvitations.businessId,
  businessName: businesses.businessName,
  phone: staffInvitations.phone,
  name: staffInvitations.name,
  role: staffInvitations.role,
  singleLimitPaise: staffInvitations.singleLimitPaise,
  dailyLimitPaise: staffInvitations.dailyLimitPaise,
  language: staffInvitations.language,
  status: staffInvitations.status,
  invitedByMemberId: staffInvitations.invitedByMemberId,
  createdAt: staffInvitations.createdAt,
  expiresAt: staffInvitations.expiresAt,
  decidedAt: staffInvitations.decidedAt,
};

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;
export type InvitationStatus = typeof staffInvitations.$inferSelect['status'];

const withShop = (db: Executor) => db.select(invitationColumns).from(staffInvitations)
  .innerJoin(businesses, eq(businesses.id, staffInvitations.businessId));

export async function findInvitation(db: Executor, id: string) {
  const rows = await withShop(db).where(eq(staffInvitations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The invitation, locked until the caller's transaction ends, so one decision alone is made on it. */
export async function lockInvitation(tx: Executor, id: string) {
  const rows = await withShop(tx).where(eq(staffInvitations.id, id)).limit(1).for('update', { of: staffInvitations });
  return rows[0] ?? null;
}

/**
 * Marks the shop's pending invitation to the number 'expired' when its time is up, so a new
 * one may be made (one pending invitation per shop and number).
 */
export async function closeExpired(tx: Executor, businessId: string, phone: string, now: Date): Promise<void> {
  await tx.update(staffInvitations).set({ status: 'expired', decidedAt: now })
    .where(and(
      eq(staffInvitations.businessId, businessId), eq(staffInvitations.phone, phone), eq(staffInvitations.status, 'pending'),
      lte(staffInvitations.expiresAt, now),
    ));
}

/** Whether the shop has a pending invitation to the number (once expired ones are closed, an open one). */
export async function hasPending(tx: Executor, businessId: string, phone: string): Promise<boolean> {
  const rows = await tx.select({ id: staffInvitations.id }).from(staffInvitations)
    .where(and(eq(staffInvitations.businessId, businessId), eq(staffInvitations.phone, phone), eq(staffInvitations.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

/** Staff invitations the shop has made since `since`, whatever became of them (staff_invitations_business_created_idx). */
export async function invitationsSince(tx: Executor, businessId: string, since: Date): Promise<number> {
  const rows = await tx.select({ n: count() }).from(staffInvitations)
    .where(and(eq(staffInvitations.businessId, businessId), gte(staffInvitations.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export interface NewInvitation {
  id: string;
  businessId: string;
  phone: string;
  name: string;
  role: ShopRole;
  singleLimitPaise: Paise | null;
  dailyLimitPaise: Paise | null;
  language: Language;
  invitedByMemberId: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertInvitation(tx: Executor, invitation: NewInvitation): Promise<void> {
  await tx.insert(staffInvitations).values({ ...invitation, status: 'pending' });
}

/**
 * The shop's invitations open now or closed since `since` (accepted, declined or cancelled
 * then, or expired then: at expires_at, whenever it was marked so), newest first. None
 * closes later than it expires, so none made more than `ttlSeconds` before `since` is one of
 * them: the bound of the index range.
 */
export async function invitationsOf(db: Executor, businessId: string, since: Date, ttlSeconds: number) {
  const closedAt = sql`case when ${staffInvitations.status} in ('pending', 'expired') then ${staffInvitations.expiresAt}
    else ${staffInvitations.decidedAt} end`;
  return withShop(db)
    .where(and(
      eq(staffInvitations.businessId, businessId),
      gte(staffInvitations.createdAt, new Date(since.getTime() - ttlSeconds * 1000)),
      sql`${closedAt} >= ${since.toISOString()}::timestamptz`,
    ))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
}

/** The pending, unexpired invitations to a phone, from every shop, newest first (staff_invitations_phone_idx). */
export async function openForPhone(db: Executor, phone: string, now: Date) {
  return withShop(db)
    .where(and(eq(staffInvitations.phone, phone), eq(staffInvitations.status, 'pending'), gt(staffInvitations.expiresAt, now)))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
}

/**
 * Cancels, at `now`, the shop's invitations a person made that are still open (pending, not
 * expired), and returns them, oldest first.
 */
export async function cancelOpenBy(tx: Executor, businessId: string, memberId: string, now: Date) {
  const rows = await tx.update(staffInvitations).set({ status: 'cancelled', decidedAt: now })
    .where(and(
      eq(staffInvitations.businessId, businessId), eq(staffInvitations.invitedByMemberId, memberId),
      eq(staffInvitations.status, 'pending'), gt(staffInvitations.expiresAt, now),
    ))
    .returning({ name: staffInvitations.name, role: staffInvitations.role, phone: staffInvitations.phone, createdAt: staffInvitations.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Who made the invitation; null when there is no such invitation. */
export async function inviterOf(db: Executor, invitationId: string): Promise<string | null> {
  const rows = await db.select({ memberId: staffInvitations.invitedByMemberId }).from(staffInvitations)
    .where(eq(staffInvitations.id, invitationId)).limit(1);
  return rows[0]?.memberId ?? null;
}

/**
 * Whether the person is an active owner of their shop, the only one whose invitations may be
 * accepted; if so, they stay one until the caller's transaction ends (their row is held FOR
 * KEY SHARE, which an owner's revocation or change, taking it FOR UPDATE, waits for).
 */
export async function holdActiveOwner(tx: Executor, memberId: string): Promise<boolean> {
  const rows = await tx.select({ id: shopMembers.id }).from(shopMembers)
    .where(and(eq(shopMembers.id, memberId), eq(shopMembers.status, 'active'), eq(shopMembers.role, 'owner')))
    .limit(1).for('key share');
  return rows.length > 0;
}

/** Records what became of a pending invitation (the caller holds its lock). */
export async function decideInvitation(tx: Executor, id: string, decision: {
  status: Exclude<InvitationStatus, 'pending'>; decidedAt: Date; memberId?: string;
}): Promise<void> {
  await tx.update(staffInvitations).set(decision).where(eq(staffInvitations.id, id));
}

/** The staff account of a phone, with the name it was opened under; null when the phone has none. */
export async function staffAccountByPhone(db: Executor, phone: string) {
  const rows = await db.select({ id: users.id, name: users.name, phone: users.phone, email: users.email }).from(users)
    .where(and(eq(users.role, 'staff'), eq(users.phone, phone))).limit(1);
  return rows[0] ?? null;
}

/** Opens a staff account; a phone that has one already keeps it (nothing is written). */
export async function insertStaffAccount(tx: Executor, account: {
  id: string; name: string; phone: string; pinHash: string; pinKeyVersion: number; createdAt: Date;
}): Promise<void> {
  await tx.insert(users).values({ ...account, role: 'staff', email: null })
    .onConflictDoNothing({ target: [users.role, users.phone], where: sql`${users.phone} is not null` });
}

/** A user's membership of the shop, active or revoked; null when they never were one of its people. */
export async function membershipOf(tx: Executor, businessId: string, userId: string) {
  const rows = await tx.select({ id: shopMembers.id, status: shopMembers.status }).from(shopMembers)
    .where(and(eq(shopMembers.businessId, businessId), eq(shopMembers.userId, userId))).limit(1);
  return rows[0] ?? null;
}

export interface Membership {
  businessId: string;
  userId: string;
  role: ShopRole;
  name: string;
  singleLimitPaise: Paise | null;
  dailyLimitPaise: Paise | null;
  invitedByMemberId: string;
}

export async function insertMember(tx: Executor, member: Membership & { id: string; createdAt: Date }): Promise<void> {
  await tx.insert(shopMembers).values({ ...member, founding: false, status: 'active' });
}

/**
 * A person the shop revoked, back by a new invitation: the same membership, so their past
 * actions and their new ones are one person's, active again with the invitation's terms.
 */
export async function reinstateMember(tx: Executor, memberId: string, member: Membership): Promise<void> {
  await tx.update(shopMembers).set({
    role: member.role, name: member.name, singleLimitPaise: member.singleLimitPaise, dailyLimitPaise: member.dailyLimitPaise,
    invitedByMemberId: member.invitedByMemberId, status: 'active', revokedAt: null, revokedByMemberId: null,
  }).where(eq(shopMembers.id, memberId));
}
