/**
 * Counters kept incrementally in the transactions that change them, spread over slots: the
 * platform's written here, a merchant's and their daily rollups by the ledger
 * (khata_count in khata_rules.sql) and read here. Reads sum at most `slots` rows of one key, so they cost
 * the same at any table size.
 */
import { and, between, eq, sql } from 'drizzle-orm';
import { paise, type Paise } from '@common/money';
import { assert } from '../../assert';
import type { Executor } from '../../db/client';
import { businessCounters, businessDaily, platformCounters } from '../../db/schema';
import type { DayRange } from '../../india-days';

export interface PlatformDeltas {
  pendingBusinesses?: number;
  approvedBusinesses?: number;
  rejectedBusinesses?: number;
  customers?: number;
  creditAccounts?: number;
  /** The change in the sum of all accounts' limits. */
  creditLimitPaise?: Paise;
}

export async function bumpPlatform(tx: Executor, slot: number, d: PlatformDeltas): Promise<void> {
  const row = {
    slot,
    pendingBusinesses: d.pendingBusinesses ?? 0,
    approvedBusinesses: d.approvedBusinesses ?? 0,
    rejectedBusinesses: d.rejectedBusinesses ?? 0,
    customers: d.customers ?? 0,
    creditAccounts: d.creditAccounts ?? 0,
    creditLimitPaise: d.creditLimitPaise ?? paise(0),
  };
  await tx.insert(platformCounters).values(row).onConflictDoUpdate({
    target: platformCounters.slot,
    set: {
      pendingBusinesses: sql`${platformCounters.pendingBusinesses} + ${row.pendingBusinesses}`,
      approvedBusinesses: sql`${platformCounters.approvedBusinesses} + ${row.approvedBusinesses}`,
      rejectedBusinesses: sql`${platformCounters.rejectedBusinesses} + ${row.rejectedBusinesses}`,
      customers: sql`${platformCounters.customers} + ${row.customers}`,
      creditAccounts: sql`${platformCounters.creditAccounts} + ${row.creditAccounts}`,
      creditLimitPaise: sql`${platformCounters.creditLimitPaise} + ${row.creditLimitPaise}`,
    },
  });
}

export async function readPlatform(db: Executor) {
  const [row] = await db.select({
    pendingBusinesses: sql<number>`coalesce(sum(${platformCounters.pendingBusinesses}), 0)::int`,
    approvedBusinesses: sql<number>`coalesce(sum(${platformCounters.approvedBusinesses}), 0)::int`,
    rejectedBusinesses: sql<number>`coalesce(sum(${platformCounters.rejectedBusinesses}), 0)::int`,
    customers: sql<number>`coalesce(sum(${platformCounters.customers}), 0)::int`,
    creditAccounts: sql<number>`coalesce(sum(${platformCounters.creditAccounts}), 0)::int`,
  }).from(platformCounters);
  assert(row, 'an aggregate without GROUP BY answers one row');
  return row;
}

export async function readBusiness(db: Executor, businessId: string) {
  const [row] = await db.select({
    customers: sql<number>`coalesce(sum(${businessCounters.customers}), 0)::int`,
    creditIssuedPaise: sql<Paise>`coalesce(sum(${businessCounters.creditIssuedPaise}), 0)::bigint`,
    revenuePaise: sql<Paise>`coalesce(sum(${businessCounters.revenuePaise}), 0)::bigint`,
    payments: sql<number>`coalesce(sum(${businessCounters.payments}), 0)::int`,
    refunds: sql<number>`coalesce(sum(${businessCounters.refunds}), 0)::int`,
  }).from(businessCounters).where(eq(businessCounters.businessId, businessId));
  assert(row, 'an aggregate without GROUP BY answers one row');
  return row;
}

/** A merchant's payments over two day ranges, from its daily rollups (at most ~62 days × slots rows). */
export async function readBusinessRanges(db: Executor, businessId: string, current: DayRange, previous: DayRange) {
  const inRange = (range: DayRange) => sql`${businessDaily.day} between ${range.from} and ${range.to}`;
  const [row] = await db.select({
    currentRevenuePaise: sql<Paise>`coalesce(sum(${businessDaily.revenuePaise}) filter (where ${inRange(current)}), 0)::bigint`,
    currentPayments: sql<number>`coalesce(sum(${businessDaily.payments}) filter (where ${inRange(current)}), 0)::int`,
    previousRevenuePaise: sql<Paise>`coalesce(sum(${businessDaily.revenuePaise}) filter (where ${inRange(previous)}), 0)::bigint`,
    previousPayments: sql<number>`coalesce(sum(${businessDaily.payments}) filter (where ${inRange(previous)}), 0)::int`,
  }).from(businessDaily).where(and(
    eq(businessDaily.businessId, businessId),
    between(businessDaily.day, previous.from, current.to),
  ));
  assert(row, 'an aggregate without GROUP BY answers one row');
  return row;
}
