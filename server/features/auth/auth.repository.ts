/** SQL for accounts: users and the business profile of a merchant. */
import type { Language } from '@common/languages';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Role } from '@common/api/types';
import type { Executor } from '../../db/client';
import { shopMembers, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function insertUser(tx: Executor, user: NewUser): Promise<void> {
  await tx.insert(users).values(user);
}

/**
 * Inserts a customer unless one has the phone already (users_role_phone_unique); true when
 * inserted. A concurrent insert of the number waits for the other to end, then inserts nothing.
 */
export async function insertCustomerIfPhoneFree(tx: Executor, user: NewUser & { role: 'customer'; phone: string }): Promise<boolean> {
  const rows = await tx.insert(users).values(user)
    .onConflictDoNothing({ target: [users.role, users.phone], where: sql`${users.phone} is not null` })
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns on the customer's approval of purchases by SMS code. */
export async function allowSmsApproval(tx: Executor, userId: string): Promise<void> {
  await tx.update(users).set({ smsApproval: true }).where(and(eq(users.id, userId), eq(users.role, 'customer')));
}

const credentialColumns = {
  id: users.id, role: users.role, name: users.name, phone: users.phone, email: users.email,
  pinHash: users.pinHash, pinKeyVersion: users.pinKeyVersion, frozenAt: users.frozenAt,
};

export async function findByPhone(db: Executor, role: Role, phone: string) {
  const rows = await db.select(credentialColumns).from(users)
    .where(and(eq(users.role, role), eq(users.phone, phone))).limit(1);
  return rows[0] ?? null;
}

export async function findByEmail(db: Executor, role: Role, email: string) {
  const rows = await db.select(credentialColumns).from(users)
    .where(and(eq(users.role, role), eq(users.email, email))).limit(1);
  return rows[0] ?? null;
}

export async function findById(db: Executor, id: string) {
  const rows = await db.select(credentialColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The accounts of a shop's active owners, with their PINs: any of them may close its counter. */
export async function activeOwnersOf(db: Executor, businessId: string) {
  return db.select(credentialColumns).from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.businessId, businessId), eq(shopMembers.role, 'owner'), eq(shopMembers.status, 'active')));
}

/** The user's saved language, null until they chose one. */
export async function languageOf(db: Executor, id: string): Promise<Language | null> {
  const rows = await db.select({ language: users.language }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0]?.language ?? null;
}

export async function setLanguage(db: Executor, id: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

export async function updatePin(tx: Executor, userId: string, pinHash: string, pinKeyVersion: number): Promise<void> {
  await tx.update(users).set({ pinHash, pinKeyVersion }).where(eq(users.id, userId));
}

/** Unfreezes a customer's Khata: the OTP PIN reset proved they hold the phone. */
export async function unfreeze(tx: Executor, userId: string): Promise<void> {
  await tx.update(users).set({ frozenAt: null }).where(and(eq(users.id, userId), isNotNull(users.frozenAt)));
}

export async function anyAdminExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length > 0;
}
