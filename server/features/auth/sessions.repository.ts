/** SQL for sessions. Tokens arrive here already hashed. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { preparedQuery, type Db, type Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: { tokenHash: string; userId: string; createdAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

interface ActiveSessionRow {
  userId: string;
  role: 'customer' | 'business' | 'admin';
  name: string;
  phone: string | null;
  email: string | null;
  idleExpiresAt: Date;
}

/**
 * Every authenticated request runs this, so it is a prepared statement. The rule is
 * khata_session's (server/db/functions/khata_session.sql), which khata_pay reads too.
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

export async function revokeSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except, optionally, one. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptTokenHash?: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
  ));
}
