/** SQL for trusted devices. Device tokens arrive here already hashed. */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trustedDevices } from '../../db/schema';

/** The accounts that trust a device now. */
export async function trustingUserIds(db: Executor, tokenHash: string, now: Date): Promise<string[]> {
  const rows = await db.select({ userId: trustedDevices.userId }).from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.expiresAt, now)));
  return rows.map((row) => row.userId);
}

export async function trust(tx: Executor, row: { tokenHash: string; userId: string; provedAt: Date; expiresAt: Date }): Promise<void> {
  await tx.insert(trustedDevices).values(row).onConflictDoUpdate({
    target: [trustedDevices.tokenHash, trustedDevices.userId],
    set: { provedAt: row.provedAt, expiresAt: row.expiresAt },
  });
}

/** Forgets one device of an account (its owner signed out there). */
export async function forget(tx: Executor, userId: string, tokenHash: string): Promise<void> {
  await tx.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.tokenHash, tokenHash)));
}

/** Forgets every device of an account (its Khata frozen by a "not me" report). */
export async function forgetAll(tx: Executor, userId: string): Promise<void> {
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

/** Forgets every device of an account but one. */
export async function forgetOthers(tx: Executor, userId: string, keepTokenHash: string): Promise<void> {
  await tx.delete(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), ne(trustedDevices.tokenHash, keepTokenHash)));
}

export async function deleteExpired(tx: Executor, now: Date): Promise<number> {
  const rows = await tx.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now)).returning({ userId: trustedDevices.userId });
  return rows.length;
}
