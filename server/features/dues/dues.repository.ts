/** SQL for dues (issue 16): the merchant's due-date move, the "To collect" card and reminders. */
import { and, eq, sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import { toCollectListMax } from '@common/limits';
import { rowsOf, type Executor } from '../../db/client';
import { businesses, creditAccounts, reminders, users } from '../../db/schema';

/** What one of the business's accounts owes, its row locked for a due-date move; null when not theirs. */
export async function lockOwed(tx: Executor, businessId: string, accountId: string): Promise<Paise | null> {
  const rows = await tx.select({ owedPaise: creditAccounts.owedPaise }).from(creditAccounts)
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).for('update');
  return rows[0]?.owedPaise ?? null;
}

/** Moves the account's dues to `dueOn`, then recomputes its next due date (khata_refresh_dues.sql). */
export async function moveDueDate(tx: Executor, accountId: string, dueOn: string, now: Date): Promise<void> {
  await tx.update(creditAccounts).set({ dueDeferredTo: dueOn, updatedAt: now }).where(eq(creditAccounts.id, accountId));
  await tx.execute(sql`select khata_refresh_dues(${accountId})`);
}

export interface ToCollectRow {
  creditAccountId: string;
  customerId: string;
  customerName: string;
  phone: string | null;
  owedPaise: Paise;
  overduePaise: Paise;
  nextDueOn: string;
  lastRemindedAt: Date | null;
  customers: number;
  totalOverduePaise: Paise;
}

/**
 * The business's accounts with something overdue on `today`: a range of
 * credit_accounts_business_next_due_idx (next_due_on before today means its earliest unpaid
 * part is overdue), each with a LATERAL sum of its overdue unpaid payments (an index range
 * on transactions_account_charged_idx). Largest overdue first; the window totals count all
 * of them, before the LIMIT; the customers' names are joined for the rows shown only.
 */
export const toCollectSql = (businessId: string, today: string) => sql`
  select x.credit_account_id, x.customer_id, u.name as customer_name, u.phone, x.owed_paise, x.overdue_paise,
    x.next_due_on, x.last_reminded_at, x.customers, x.total_overdue_paise
  from (
    select a.id as credit_account_id, a.customer_id, a.owed_paise, d.overdue_paise, a.next_due_on::text as next_due_on,
      a.last_reminded_at, count(*) over () as customers, sum(d.overdue_paise) over () as total_overdue_paise
    from credit_accounts a
    cross join lateral (
      select coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)::bigint as overdue_paise
      from transactions t
      where t.credit_account_id = a.id and t.type = 'payment'
        and t.charged_paise_after > a.charged_paise - a.owed_paise
        and greatest(t.due_on, a.due_deferred_to) < ${today}::date
    ) d
    where a.business_id = ${businessId} and a.next_due_on is not null and a.next_due_on < ${today}::date
    order by d.overdue_paise desc, a.id
    limit ${toCollectListMax}
  ) x
  join users u on u.id = x.customer_id
  order by x.overdue_paise desc, x.credit_account_id`;

export async function toCollect(db: Executor, businessId: string, today: string): Promise<ToCollectRow[]> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(toCollectSql(businessId, today)));
  return rows.map((row) => ({
    creditAccountId: String(row.credit_account_id),
    customerId: String(row.customer_id),
    customerName: String(row.customer_name),
    phone: row.phone === null ? null : String(row.phone),
    owedPaise: Number(row.owed_paise) as Paise,
    overduePaise: Number(row.overdue_paise) as Paise,
    nextDueOn: String(row.next_due_on),
    lastRemindedAt: row.last_reminded_at === null ? null : new Date(row.last_reminded_at as string | Date),
    customers: Number(row.customers),
    totalOverduePaise: Number(row.total_overdue_paise) as Paise,
  }));
}

/** What a reminder says about one of the business's accounts, or null when not theirs. */
export async function reminderSource(db: Executor, businessId: string, accountId: string) {
  const rows = await db.select({
    businessName: businesses.businessName,
    owedPaise: creditAccounts.owedPaise,
    nextDueOn: creditAccounts.nextDueOn,
    lastRemindedAt: creditAccounts.lastRemindedAt,
    phone: users.phone,
    language: users.language,
  }).from(creditAccounts)
    .innerJoin(businesses, eq(businesses.id, creditAccounts.businessId))
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).limit(1);
  return rows[0] ?? null;
}

/** Records a reminder and stamps the account; false when the account is not the business's. */
export async function recordReminder(
  tx: Executor, reminder: { id: string; businessId: string; creditAccountId: string; channel: 'whatsapp' | 'sms'; sentAt: Date },
): Promise<boolean> {
  const stamped = await tx.update(creditAccounts).set({ lastRemindedAt: reminder.sentAt })
    .where(and(eq(creditAccounts.id, reminder.creditAccountId), eq(creditAccounts.businessId, reminder.businessId)))
    .returning({ id: creditAccounts.id });
  if (stamped.length === 0) return false;
  await tx.insert(reminders).values(reminder);
  return true;
}
