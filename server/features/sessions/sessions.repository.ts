/** SQL for sessions. Tokens arrive here already hashed. */
import { and, asc, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionRole } from '@common/api/types';
import type { ShopRole } from '@common/permissions';
import { preparedQuery, type Db, type Executor } from '../../db/client';
import { businesses, sessions, shopMembers } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: {
    tokenHash: string; userId: string; kind: SessionKind; memberId: string | null; createdAt: Date; idleExpiresAt: Date;
    absoluteExpiresAt: Date;
  },
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** 'full': what a sign-in gives; 'counter': a shop's counter device in counter mode. */
export type SessionKind = 'full' | 'counter';

interface ActiveSessionRow {
  userId: string;
  role: SessionRole;
  name: string;
  phone: string | null;
  email: string | null;
  idleExpiresAt: Date;
  /** The membership the session acts as (sessions.member_id), active or not. */
  memberId: string | null;
  /** That membership while it is active, with its shop; all null otherwise. */
  activeMemberId: string | null;
  businessId: string | null;
  businessName: string | null;
  shopRole: ShopRole | null;
  memberName: string | null;
}

/**
 * Every authenticated request runs this, so it is a prepared statement. The rule is
 * khata_session's (server/ledger/functions/khata_session.sql), which khata_pay reads too;
 * the membership the session acts as is joined here, active only, by primary keys.
 */
export async function findActiveSession(db: Db, tokenHash: string, now: Date): Promise<ActiveSessionRow | null> {
  const rows = await preparedQuery<ActiveSessionRow>(db, 'find_active_session', `
    select k.user_id as "userId", k.role, k.name, k.phone, k.email, k.idle_expires_at as "idleExpiresAt",
      k.member_id as "memberId", m.id as "activeMemberId", m.business_id as "businessId", b.business_name as "businessName",
      m.role as "shopRole", m.name as "memberName"
    from khata_session($1, $2) k
    left join shop_members m on m.id = k.member_id and m.user_id = k.user_id and m.status = 'active'
    left join businesses b on b.id = m.business_id`, [tokenHash, now.toISOString()]);
  return rows[0] ?? null;
}

/**
 * Points a live session at a membership of its own user that is active; false when there is
 * no such membership (another person's, or revoked) or the session is gone.
 */
export async function pickMember(db: Executor, tokenHash: string, memberId: string): Promise<boolean> {
  const rows = await db.update(sessions).set({ memberId })
    .where(and(
      eq(sessions.tokenHash, tokenHash),
      isNull(sessions.revokedAt),
      exists(db.select({ id: shopMembers.id }).from(shopMembers).where(and(
        eq(shopMembers.id, memberId), eq(shopMembers.userId, sessions.userId), eq(shopMembers.status, 'active'),
      ))),
    ))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

/** The active memberships of a user with their shops, oldest first: the shops a staff account works at. */
export async function activeMemberships(db: Executor, userId: string) {
  return db.select({
    memberId: shopMembers.id, businessId: shopMembers.businessId, businessName: businesses.businessName, role: shopMembers.role,
    name: shopMembers.name,
  }).from(shopMembers)
    .innerJoin(businesses, eq(businesses.id, shopMembers.businessId))
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.status, 'active')))
    .orderBy(asc(shopMembers.createdAt), asc(shopMembers.id));
}

/** Revokes every live session acting as a membership; returns their token hashes. */
export async function revokeMemberSessions(db: Executor, memberId: string, now: Date): Promise<string[]> {
  const rows = await db.update(sessions).set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/** Pushes the idle expiry forward, never past the absolute expiry. */
export async function touchSession(db: Executor, tokenHash: string, idleExpiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ idleExpiresAt: sql`least(${idleExpiresAt.toISOString()}::timestamptz, ${sessions.absoluteExpiresAt})` })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** Revokes a session; false when it was revoked already. */
export async function revokeSession(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db.update(sessions).set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

/** When a session began. */
export async function startedAt(db: Executor, tokenHash: string): Promise<Date | null> {
  const rows = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0]?.createdAt ?? null;
}

/** The user a session token's hash belongs to, live or not (a late sign-out still ends its device's trust). */
export async function ownerOf(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0]?.userId ?? null;
}

/** Revokes every live session of a user except, optionally, one. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptTokenHash?: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
  ));
}

/** Records that the session's user has just typed their PIN to confirm a sensitive change. */
export async function markPinConfirmed(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ pinConfirmedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** Whether the session's PIN was confirmed after `since`. */
export async function pinConfirmedSince(db: Executor, tokenHash: string, since: Date): Promise<boolean> {
  const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.pinConfirmedAt, since)));
  return rows.length > 0;
}
