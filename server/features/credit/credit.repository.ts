/** SQL for credit accounts. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import { rowsOf, type Executor } from '../../db/client';
import { businesses, creditAccounts, users } from '../../db/schema';

/** Inserts the account unless the pair already has one; true when inserted. */
export async function insertIfAbsent(tx: Executor, row: typeof creditAccounts.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(creditAccounts).values(row)
    .onConflictDoNothing({ target: [creditAccounts.customerId, creditAccounts.businessId] })
    .returning({ id: creditAccounts.id });
  return rows.length === 1;
}

export async function listForCustomer(db: Executor, customerId: string) {
  return db.select({
    id: creditAccounts.id,
    businessId: creditAccounts.businessId,
    businessName: businesses.businessName,
    limitPaise: creditAccounts.limitPaise,
    owedPaise: creditAccounts.owedPaise,
  }).from(creditAccounts)
    .innerJoin(businesses, eq(businesses.id, creditAccounts.businessId))
    .where(eq(creditAccounts.customerId, customerId))
    .orderBy(asc(businesses.businessName), asc(creditAccounts.id));
}

const businessViewColumns = {
  id: creditAccounts.id,
  customerId: creditAccounts.customerId,
  customerName: users.name,
  paymentHandle: users.paymentHandle,
  phone: users.phone,
  limitPaise: creditAccounts.limitPaise,
  owedPaise: creditAccounts.owedPaise,
  createdAt: creditAccounts.createdAt,
};

export async function listForBusiness(db: Executor, businessId: string) {
  return db.select(businessViewColumns).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(eq(creditAccounts.businessId, businessId))
    .orderBy(desc(creditAccounts.createdAt), desc(creditAccounts.id));
}

export async function findForBusiness(db: Executor, businessId: string, accountId: string) {
  const rows = await db.select(businessViewColumns).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}

/**
 * Sets the limit of one of the business's accounts; what is owed is never touched.
 * Returns the limit it replaced (read under the row's lock), or null for no such account.
 */
export async function setLimit(
  tx: Executor, businessId: string, accountId: string, limitPaise: Paise, now: Date,
): Promise<Paise | null> {
  const rows = rowsOf<{ previous: Paise }>(await tx.execute(sql`
    with old as (
      select ${creditAccounts.id} as id, ${creditAccounts.limitPaise} as limit_paise from ${creditAccounts}
      where ${creditAccounts.id} = ${accountId} and ${creditAccounts.businessId} = ${businessId} for update)
    update ${creditAccounts} set limit_paise = ${limitPaise}, updated_at = ${now.toISOString()}
    from old where ${creditAccounts.id} = old.id
    returning old.limit_paise as previous`));
  return rows[0] ? rows[0].previous : null;
}

const balanceColumns = { id: creditAccounts.id, limitPaise: creditAccounts.limitPaise, owedPaise: creditAccounts.owedPaise };

export async function findPair(db: Executor, customerId: string, businessId: string) {
  const rows = await db.select(balanceColumns).from(creditAccounts)
    .where(and(eq(creditAccounts.customerId, customerId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}

/** Lowers what is owed by `amountPaise`, only if at least that much is owed. */
export async function repayUpToOwed(tx: Executor, businessId: string, accountId: string, amountPaise: number, now: Date) {
  const rows = await tx.update(creditAccounts)
    .set({ owedPaise: sql`${creditAccounts.owedPaise} - ${amountPaise}`, updatedAt: now })
    .where(and(
      eq(creditAccounts.id, accountId),
      eq(creditAccounts.businessId, businessId),
      sql`${creditAccounts.owedPaise} >= ${amountPaise}`,
    ))
    .returning({ ...balanceColumns, customerId: creditAccounts.customerId });
  return rows[0] ?? null;
}
