/** SQL for sessions. Tokens arrive here already hashed. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: { tokenHash: string; userId: string; createdAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findActiveSession(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({
      userId: users.id,
      role: users.role,
      name: users.name,
      phone: users.phone,
      email: users.email,
      idleExpiresAt: sessions.idleExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.tokenHash, tokenHash),
      isNull(sessions.revokedAt),
      gt(sessions.idleExpiresAt, now),
      gt(sessions.absoluteExpiresAt, now),
    ))
    .limit(1);
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
