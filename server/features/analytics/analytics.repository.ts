/** SQL for the admin's analytics: small rollup rows only, never the ledger. */
import { sql } from 'drizzle-orm';
import type { Paise } from '@common/money';
import { assert } from '../../assert';
import { rowsOf, type Executor } from '../../db/client';

/** Serialises the once-a-day closing across processes; the others wait, then find it done. */
const closingLockKey = 727_003;

export interface ClosedState { today: string; openFrom: string }

export async function readClosed(db: Executor): Promise<ClosedState | null> {
  const [row] = rowsOf<ClosedState>(await db.execute(sql`
    select today::text as "today", open_from::text as "openFrom" from analytics_closed where id = 1`));
  return row ?? null;
}

export async function lockClosing(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${closingLockKey})`);
}

/**
 * Sums the days from `from` to the day before `openFrom` into platform_daily, zeros
 * included, keeping days already closed; a day at or after `openFrom` is open again
 * (only a clock moved back can do that) and loses its row.
 */
export async function closePlatformDays(tx: Executor, from: string, openFrom: string): Promise<void> {
  await tx.execute(sql`delete from platform_daily where day >= ${openFrom}::date`);
  await tx.execute(sql`
    insert into platform_daily (day, revenue_paise, fee_paise, payments, refunds, refunded_paise)
    select d.day, coalesce(sum(b.revenue_paise), 0), coalesce(sum(b.fee_paise), 0), coalesce(sum(b.payments), 0),
      coalesce(sum(b.refunds), 0), coalesce(sum(b.refunded_paise), 0)
    from (select ${from}::date + i as day from generate_series(0, ${openFrom}::date - ${from}::date - 1) as i) d
    left join business_daily b on b.day = d.day
    where not exists (select 1 from platform_daily p where p.day = d.day)
    group by d.day
    on conflict (day) do nothing`);
}

/** Rebuilds one period's per-merchant totals over its closed days, `from` up to `openFrom`. */
export async function rebuildPeriod(tx: Executor, days: number, from: string, openFrom: string): Promise<void> {
  await tx.execute(sql`delete from business_period_totals where days = ${days}`);
  await tx.execute(sql`
    insert into business_period_totals (days, business_id, revenue_paise, payments)
    select ${days}, business_id, sum(revenue_paise), sum(payments) from business_daily
    where day >= ${from}::date and day < ${openFrom}::date
    group by business_id`);
}

export async function writeClosed(tx: Executor, state: ClosedState): Promise<void> {
  await tx.execute(sql`
    insert into analytics_closed (id, today, open_from) values (1, ${state.today}::date, ${state.openFrom}::date)
    on conflict (id) do update set today = excluded.today, open_from = excluded.open_from`);
}

/** A day's figures: revenue and fee net of the refunds given that day, which are counted and summed apart. */
export interface DayRow { day: string; revenuePaise: Paise; feePaise: Paise; payments: number; refunds: number; refundedPaise: Paise }

/** Closed days from platform_daily, open days (today, and yesterday just after midnight) from business_daily. */
export async function readDays(db: Executor, from: string, openFrom: string, to: string): Promise<DayRow[]> {
  return rowsOf<DayRow>(await db.execute(sql`
    select day::text as "day", revenue_paise as "revenuePaise", fee_paise as "feePaise", payments, refunds,
      refunded_paise as "refundedPaise"
    from platform_daily where day >= ${from}::date and day < ${openFrom}::date
    union all
    select day::text, sum(revenue_paise)::bigint, sum(fee_paise)::bigint, sum(payments)::int, sum(refunds)::int,
      sum(refunded_paise)::bigint
    from business_daily where day >= greatest(${from}::date, ${openFrom}::date) and day <= ${to}::date
    group by day`));
}

export interface MerchantRow { businessId: string; businessName: string; revenuePaise: Paise; payments: number; active: number }

/**
 * The top `limit` merchants by volume in the period, each row also carrying how many
 * merchants had any payment in it: the closed days' totals plus the open days' rows.
 */
export async function readMerchants(
  db: Executor, days: number, openFrom: string, to: string, limit: number,
): Promise<MerchantRow[]> {
  return rowsOf<MerchantRow>(await db.execute(sql`
    with m as (
      select business_id, sum(revenue_paise) as revenue, sum(payments) as payments from (
        select business_id, revenue_paise, payments from business_period_totals where days = ${days}
        union all
        select business_id, revenue_paise, payments from business_daily where day >= ${openFrom}::date and day <= ${to}::date
      ) x group by business_id
      -- A merchant whose only rows in the period are refunds made no payment in it.
      having sum(payments) > 0
    ), top as (
      select business_id, revenue, payments, count(*) over () as active from m
      order by revenue desc, business_id limit ${limit}
    )
    select t.business_id::text as "businessId", b.business_name as "businessName", t.revenue::bigint as "revenuePaise",
           t.payments::int as payments, t.active::int as active
    from top t join businesses b on b.id = t.business_id
    order by t.revenue desc, t.business_id`));
}

export interface PlatformRow {
  activeCustomers: number;
  newCustomers: number;
  newBusinesses: number;
  applied: number;
  approved: number;
  rejected: number;
  pending: number;
  medianSecondsToDecision: number | null;
  creditLimitPaise: Paise;
  owedPaise: Paise;
}

/**
 * The rest, in one round trip: distinct customers whose last payment is in the period
 * (customer_last_paid_days), registrations and applications made between `start` and
 * `end` (indexed by creation time: rows of the period only), and credit from counters.
 */
export async function readPlatform(db: Executor, from: string, to: string, start: Date, end: Date): Promise<PlatformRow> {
  const [row] = rowsOf<PlatformRow>(await db.execute(sql`
    with applications as (
      select status, decided_at, created_at from businesses
      where created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}
    )
    select
      (select coalesce(sum(customers), 0)::int from customer_last_paid_days
       where day >= ${from}::date and day <= ${to}::date) as "activeCustomers",
      (select count(*)::int from users where role = 'customer'
       and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}) as "newCustomers",
      (select count(*)::int from applications) as "newBusinesses",
      (select count(*)::int from applications) as applied,
      (select count(*)::int from applications where status = 'approved') as approved,
      (select count(*)::int from applications where status = 'rejected') as rejected,
      (select count(*)::int from applications where status = 'pending') as pending,
      (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at))
       from applications where status <> 'pending' and decided_at is not null)::float8 as "medianSecondsToDecision",
      (select coalesce(sum(credit_limit_paise), 0)::bigint from platform_counters) as "creditLimitPaise",
      (select coalesce(sum(credit_issued_paise), 0)::bigint from business_counters) as "owedPaise"`));
  assert(row, 'a select without FROM answers one row');
  return row;
}

export interface OpenReportsRow { count: number; oldestAt: Date | null }

/**
 * Payment reports still open that were made before `before`: a range of the partial index
 * payment_reports_open_idx, so it reads the open reports only, never the answered ones.
 */
export async function readOpenReports(db: Executor, before: Date): Promise<OpenReportsRow> {
  const [row] = rowsOf<{ count: number; oldestAt: Date | string | null }>(await db.execute(sql`
    select count(*)::int as "count", min(created_at) as "oldestAt"
    from payment_reports where status = 'open' and created_at < ${before.toISOString()}`));
  assert(row, 'an aggregate without GROUP BY answers one row');
  return { count: row.count, oldestAt: row.oldestAt === null ? null : new Date(row.oldestAt) };
}
