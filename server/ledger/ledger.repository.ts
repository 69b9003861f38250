/**
 * The ledger's writes that move no money (server/ledger/ledger.ts): opening an account, its
 * limit, its due date, the reminder stamp and the day's overdue cache. The money operations
 * are the functions in server/ledger/functions, which ledger.ts calls itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import { rowsOf, type Executor } from '../db/client';
import { creditAccounts } from '../db/schema';

/** Inserts the account unless the pair already has one; true when inserted. */
export async function insertAccountIfAbsent(tx: Executor, account: {
  id: string; customerId: string; businessId: string; limitPaise: Paise; now: Date;
}): Promise<boolean> {
  const rows = await tx.insert(creditAccounts).values({
    id: account.id, customerId: account.customerId, businessId: account.businessId, limitPaise: account.limitPaise,
    createdAt: account.now, updatedAt: account.now,
  }).onConflictDoNothing({ target: [creditAccounts.customerId, creditAccounts.businessId] })
    .returning({ id: creditAccounts.id });
  return rows.length === 1;
}

/** Moves a merchant's counters by khata_count's rule (khata_rules.sql); only the customer count from here. */
export async function count(tx: Executor, businessId: string, fallbackSlot: number, day: string, deltas: { customers: number }) {
  await tx.execute(sql`select khata_count(${businessId}::uuid, ${fallbackSlot}::smallint, ${day}::date,
    ${deltas.customers}::int, 0, 0, 0, 0, 0, 0)`);
}

/**
 * Sets the limit of one of the business's accounts; what is owed is never touched.
 * Returns the limit it replaced (read under the row's lock), or null for no such account.
 */
export async function setLimit(
  tx: Executor, change: { businessId: string; accountId: string; limitPaise: Paise; now: Date },
): Promise<Paise | null> {
  const rows = rowsOf<{ previous: Paise }>(await tx.execute(sql`
    with old as (
      select ${creditAccounts.id} as id, ${creditAccounts.limitPaise} as limit_paise from ${creditAccounts}
      where ${creditAccounts.id} = ${change.accountId} and ${creditAccounts.businessId} = ${change.businessId} for update)
    update ${creditAccounts} set limit_paise = ${change.limitPaise}, updated_at = ${change.now.toISOString()}
    from old where ${creditAccounts.id} = old.id
    returning old.limit_paise as previous`));
  return rows[0] ? Number(rows[0].previous) as Paise : null;
}

/**
 * Moves the account's dues to `dueOn`, then recomputes its next due date and its overdue
 * amount cached for `today` (khata_rules.sql).
 */
export async function deferDue(
  tx: Executor, move: { businessId: string; accountId: string; dueOn: string; now: Date; today: string },
): Promise<void> {
  await tx.update(creditAccounts).set({ dueDeferredTo: move.dueOn, updatedAt: move.now })
    .where(and(eq(creditAccounts.id, move.accountId), eq(creditAccounts.businessId, move.businessId)));
  await tx.execute(sql`select khata_refresh_dues(${move.accountId}, ${move.today}::date)`);
}

export async function markReminded(tx: Executor, stamp: { businessId: string; accountId: string; at: Date }): Promise<void> {
  await tx.update(creditAccounts).set({ lastRemindedAt: stamp.at })
    .where(and(eq(creditAccounts.id, stamp.accountId), eq(creditAccounts.businessId, stamp.businessId)));
}

/**
 * One batch of the day's overdue refresh: accounts due before `today` whose cached figure is
 * for another day, skipping those a money operation holds, each refreshed by
 * khata_refresh_dues (the one home of the rule). Returns how many were refreshed.
 */
export async function refreshOverdueBatch(db: Executor, today: string, batchRows: number): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`
    with due as (
      select id from credit_accounts
      where next_due_on < ${today}::date and overdue_on is distinct from ${today}::date
      limit ${batchRows} for update skip locked),
    done as materialized (select khata_refresh_dues(id, ${today}::date) as next_due_on from due)
    select count(*)::int as n from done`))[0]?.n ?? 0;
}
