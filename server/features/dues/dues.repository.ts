/**
 * SQL for dues (docs/product.md#dues-and-reminders): the account's lock before a due-date
 * move or a reminder, the "To collect" card and reminders.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import { toCollectListMax } from '@common/limits';
import { assert } from '../../assert';
import { inTransaction, rowsOf, type Db, type Executor } from '../../db/client';
import { businesses, creditAccounts, reminders, users } from '../../db/schema';

/** What one of the business's accounts owes, its row locked for a reminder SMS; null when not theirs. */
export async function lockOwed(tx: Executor, businessId: string, accountId: string): Promise<Paise | null> {
  const rows = await tx.select({ owedPaise: creditAccounts.owedPaise }).from(creditAccounts)
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId))).for('update');
  return rows[0]?.owedPaise ?? null;
}

/**
 * One of the business's accounts, its row locked for a due-date move or a manual reminder:
 * what it owes, its due date before the move and its customer's name for the audit log's
 * line; null when not theirs.
 */
export async function lockAccount(tx: Executor, businessId: string, accountId: string) {
  const rows = await tx.select({ owedPaise: creditAccounts.owedPaise, nextDueOn: creditAccounts.nextDueOn, customerName: users.name })
    .from(creditAccounts)
    .innerJoin(users, eq(users.id, creditAccounts.customerId))
    .where(and(eq(creditAccounts.id, accountId), eq(creditAccounts.businessId, businessId)))
    .for('update', { of: creditAccounts });
  return rows[0] ?? null;
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
}

export interface ToCollectAnswer {
  customers: number;
  totalOverduePaise: Paise;
  accounts: ToCollectRow[];
}

/**
 * The business's accounts with something overdue on `today`: a range of
 * credit_accounts_business_next_due_idx (next_due_on before today means its earliest unpaid
 * part is overdue), read from the index alone, with each account's overdue amount cached for
 * today (overdue_on = today; khata_refresh_dues in khata_rules.sql and the maintenance job write it). A
 * figure cached for another day is never trusted: it is recomputed from the ledger, an index
 * range on transactions_account_charged_idx (the rules of khata_refresh_dues), so the
 * answer is exact before the job has run after midnight, only slower. The totals count all
 * of them; the largest 50 (then by id) are joined to their accounts and customers.
 */
export const toCollectSql = (businessId: string, today: string) => sql`
  with due as (
    select c.id, case when c.overdue_on = ${today}::date then c.overdue_paise else (
      select coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)::bigint
      from credit_accounts a
      join transactions t on t.credit_account_id = a.id and t.type = 'payment'
        and t.charged_paise_after > a.charged_paise - a.owed_paise
        and greatest(t.due_on, a.due_deferred_to) < ${today}::date
      where a.id = c.id
    ) end as overdue_paise
    from credit_accounts c
    where c.business_id = ${businessId} and c.next_due_on is not null and c.next_due_on < ${today}::date
  ),
  totals as (select count(*)::int as customers, coalesce(sum(overdue_paise), 0)::bigint as total_overdue_paise from due),
  shown as (select id, overdue_paise from due order by overdue_paise desc, id limit ${toCollectListMax})
  select totals.customers, totals.total_overdue_paise, s.id as credit_account_id, a.customer_id, u.name as customer_name,
    u.phone, a.owed_paise, s.overdue_paise, a.next_due_on::text as next_due_on, a.last_reminded_at
  from totals
  left join (shown s join credit_accounts a on a.id = s.id join users u on u.id = a.customer_id) on true
  order by s.overdue_paise desc, s.id`;

/**
 * Said first, in the card's transaction. PostgreSQL costs the recomputation as if it ran for
 * every account (it runs only for stale figures), so at 100,000 accounts the estimate passes
 * jit_above_cost and compiling the query would take longer than running it.
 */
export const toCollectSetupSql = sql`set local jit = off`;

export async function toCollect(db: Db, businessId: string, today: string): Promise<ToCollectAnswer> {
  const rows = await inTransaction(db, async (tx) => {
    await tx.execute(toCollectSetupSql);
    return rowsOf<Record<string, unknown>>(await tx.execute(toCollectSql(businessId, today)));
  });
  assert(rows.length > 0, 'the To collect query answers one row of totals at least');
  return {
    customers: Number(rows[0]!.customers),
    totalOverduePaise: Number(rows[0]!.total_overdue_paise) as Paise,
    // Without an account overdue, the one row of totals carries no account.
    accounts: rows.filter((row) => row.credit_account_id !== null).map((row) => ({
      creditAccountId: String(row.credit_account_id),
      customerId: String(row.customer_id),
      customerName: String(row.customer_name),
      phone: row.phone === null ? null : String(row.phone),
      owedPaise: Number(row.owed_paise) as Paise,
      overduePaise: Number(row.overdue_paise) as Paise,
      nextDueOn: String(row.next_due_on),
      lastRemindedAt: row.last_reminded_at === null ? null : new Date(row.last_reminded_at as string | Date),
    })),
  };
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

/** How many reminders the account was sent from `since` on; the caller holds the account's row lock. */
export async function remindersSince(tx: Executor, accountId: string, since: Date): Promise<number> {
  const rows = await tx.select({ n: count() }).from(reminders)
    .where(and(eq(reminders.creditAccountId, accountId), gte(reminders.sentAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** Records a reminder of an account the caller has locked and found the business's (the ledger stamps the account). */
export async function recordReminder(
  tx: Executor, reminder: { id: string; businessId: string; creditAccountId: string; channel: 'whatsapp' | 'sms'; sentAt: Date },
): Promise<void> {
  await tx.insert(reminders).values(reminder);
}
