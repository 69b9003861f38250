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

export async function findByPaymentHandle(db: Executor, paymentHandle: string) {
  const rows = await db.select(customerColumns).from(users)
    .where(and(eq(users.paymentHandle, paymentHandle), eq(users.role, 'customer'))).limit(1);
  return rows[0] ?? null;
}
