/** SQL that reads credit accounts; every write to them is the ledger's (server/ledger/ledger.ts). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, creditAccounts, reminderPreferences, users } from '../../db/schema';

/**
 * An account's dues on `today` (khata_rules.sql has the rules): its unpaid
 * payments are those whose charged_paise_after is above what was repaid (charged − owed),
 * each unpaid by least(total, charged_paise_after − repaid), due on greatest(due_on, the
 * merchant's deferral). Overdue is what falls due before today; the next due amount is
 * what falls due on next_due_on. One index range on transactions_account_charged_idx.
 */
export const overduePaiseSql = (today: string) => sql<number>`(
  select coalesce(sum(least(t.total_paise, t.charged_paise_after - (${creditAccounts.chargedPaise} - ${creditAccounts.owedPaise}))), 0)::bigint
  from transactions t
  where t.credit_account_id = ${creditAccounts.id} and t.type = 'payment'
    and t.charged_paise_after > ${creditAccounts.chargedPaise} - ${creditAccounts.owedPaise}
    and greatest(t.due_on, ${creditAccounts.dueDeferredTo}) < ${today}::date)`.mapWith(Number);

const nextDuePaiseSql = sql<number>`(
  select coalesce(sum(least(t.total_paise, t.charged_paise_after - (${creditAccounts.chargedPaise} - ${creditAccounts.owedPaise}))), 0)::bigint
  from transactions t
  where t.credit_account_id = ${creditAccounts.id} and t.type = 'payment'
    and t.charged_paise_after > ${creditAccounts.chargedPaise} - ${creditAccounts.owedPaise}
    and greatest(t.due_on, ${creditAccounts.dueDeferredTo}) = ${creditAccounts.nextDueOn})`.mapWith(Number);

export async function listForCustomer(db: Executor, customerId: string, today: string) {
  return db.select({
    id: creditAccounts.id,
    businessId: creditAccounts.businessId,
    businessName: businesses.businessName,
    limitPaise: creditAccounts.limitPaise,
    owedPaise: creditAccounts.owedPaise,
    overduePaise: overduePaiseSql(today),
    nextDueOn: creditAccounts.nextDueOn,
    nextDuePaise: nextDuePaiseSql,
    upiVpa: businesses.upiVpa,
    remindersOptedOutAt: reminderPreferences.optedOutAt,
  }).from(creditAccounts)
    .innerJoin(businesses, eq(businesses.id, creditAccounts.businessId))
    .leftJoin(reminderPreferences, eq(reminderPreferences.creditAccountId, creditAccounts.id))
    .where(eq(creditAccounts.customerId, customerId))
    .orderBy(asc(businesses.businessName), asc(creditAccounts.id));
}

const businessViewColumns = (today: string) => ({
  id: creditAccounts.id,
  customerId: creditAccounts.customerId,
  customerName: users.name,
  paymentHandle: users.paymentHandle,
  phone: users.phone,
  limitPaise: creditAccounts.limitPaise,
  owedPaise: creditAccounts.owedPaise,
  createdAt: creditAccounts.createdAt,
  overduePaise: overduePaiseSql(today),
  nextDueOn: creditAccounts.nextDueOn,
  dueDeferredTo: creditAccounts.dueDeferredTo,
  lastRemindedAt: creditAccounts.lastRemindedAt,
  language: users.language,
});

export async function listForBusiness(db: Executor, businessId: string, today: string) {
  return db.select(businessViewColumns(today)).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(eq(creditAccounts.businessId, businessId))
    .orderBy(desc(creditAccounts.createdAt), desc(creditAccounts.id));
}

export async function findForBusiness(db: Executor, businessId: string, accountId: string, today: string) {
  const rows = await db.select(businessViewColumns(today)).from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}

const balanceColumns = { id: creditAccounts.id, limitPaise: creditAccounts.limitPaise, owedPaise: creditAccounts.owedPaise };

export async function findPair(db: Executor, customerId: string, businessId: string) {
  const rows = await db.select(balanceColumns).from(creditAccounts)
    .where(and(eq(creditAccounts.customerId, customerId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}
