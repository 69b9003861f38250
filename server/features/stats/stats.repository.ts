/**
 * Counters kept incrementally in the transactions that change them, spread over slots.
 * Reads sum at most `slots` rows of one key, so they cost the same at any table size.
 */
import { eq, sql } from 'drizzle-orm';
import { paise, type Paise } from '@common/money';
import { assert } from '../../assert';
import type { Executor } from '../../db/client';
import { businessCounters, platformCounters } from '../../db/schema';

export interface PlatformDeltas {
  pendingBusinesses?: number;
  approvedBusinesses?: number;
  rejectedBusinesses?: number;
  customers?: number;
  creditAccounts?: number;
}

export interface BusinessDeltas {
  customers?: number;
  creditIssuedPaise?: Paise;
  revenuePaise?: Paise;
  payments?: number;
}

export async function bumpPlatform(tx: Executor, slot: number, d: PlatformDeltas): Promise<void> {
  const row = {
    slot,
    pendingBusinesses: d.pendingBusinesses ?? 0,
    approvedBusinesses: d.approvedBusinesses ?? 0,
    rejectedBusinesses: d.rejectedBusinesses ?? 0,
    customers: d.customers ?? 0,
    creditAccounts: d.creditAccounts ?? 0,
  };
  await tx.insert(platformCounters).values(row).onConflictDoUpdate({
    target: platformCounters.slot,
    set: {
      pendingBusinesses: sql`${platformCounters.pendingBusinesses} + ${row.pendingBusinesses}`,
      approvedBusinesses: sql`${platformCounters.approvedBusinesses} + ${row.approvedBusinesses}`,
      rejectedBusinesses: sql`${platformCounters.rejectedBusinesses} + ${row.rejectedBusinesses}`,
      customers: sql`${platformCounters.customers} + ${row.customers}`,
      creditAccounts: sql`${platformCounters.creditAccounts} + ${row.creditAccounts}`,
    },
  });
}

export async function bumpBusiness(tx: Executor, businessId: string, slot: number, d: BusinessDeltas): Promise<void> {
  const row = {
    businessId,
    slot,
    customers: d.customers ?? 0,
    creditIssuedPaise: d.creditIssuedPaise ?? paise(0),
    revenuePaise: d.revenuePaise ?? paise(0),
    payments: d.payments ?? 0,
  };
  await tx.insert(businessCounters).values(row).onConflictDoUpdate({
    target: [businessCounters.businessId, businessCounters.slot],
    set: {
      customers: sql`${businessCounters.customers} + ${row.customers}`,
      creditIssuedPaise: sql`${businessCounters.creditIssuedPaise} + ${row.creditIssuedPaise}`,
      revenuePaise: sql`${businessCounters.revenuePaise} + ${row.revenuePaise}`,
      payments: sql`${businessCounters.payments} + ${row.payments}`,
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
  }).from(businessCounters).where(eq(businessCounters.businessId, businessId));
  assert(row, 'an aggregate without GROUP BY answers one row');
  return row;
}
