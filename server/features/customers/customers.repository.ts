/** SQL for customer profiles as other features need them. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

const customerColumns = { id: users.id, name: users.name, phone: users.phone, paymentHandle: users.paymentHandle };

export async function findById(db: Executor, id: string) {
  const rows = await db.select(customerColumns).from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer'))).limit(1);
  return rows[0] ?? null;
}

/** The customer's consent to approve a shop's charge with a code sent by SMS; null for no such customer. */
export async function smsApprovalOf(db: Executor, id: string): Promise<boolean | null> {
  const rows = await db.select({ smsApproval: users.smsApproval }).from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer'))).limit(1);
  return rows[0]?.smsApproval ?? null;
}

export async function setSmsApproval(db: Executor, id: string, enabled: boolean): Promise<void> {
  await db.update(users).set({ smsApproval: enabled }).where(and(eq(users.id, id), eq(users.role, 'customer')));
}

export async function findByPaymentHandle(db: Executor, paymentHandle: string) {
  const rows = await db.select(customerColumns).from(users)
    .where(and(eq(users.paymentHandle, paymentHandle), eq(users.role, 'customer'))).limit(1);
  return rows[0] ?? null;
}
