/** SQL for sessions. Tokens arrive here already hashed. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionRole } from '@common/api/types';
import { preparedQuery, type Db, type Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: {
    tokenHash: string; userId: string; kind: SessionKind; createdAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date;
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
}

/**
 * Every authenticated request runs this, so it is a prepared statement. The rule is
 * khata_session's (server/ledger/functions/khata_session.sql), which khata_pay reads too.
 */
export async function findActiveSession(db: Db, tokenHash: string, now: Date): Promise<ActiveSessionRow | null> {
  const rows = await preparedQuery<ActiveSessionRow>(db, 'find_active_session', `
    select user_id as "userId", role, name, phone, email, idle_expires_at as "idleExpiresAt"
    from khata_session($1, $2)`, [tokenHash, now.toISOString()]);
  return rows[0] ?? null;
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
