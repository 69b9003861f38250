/** The admin's and merchants' counts, maintained in the callers' transactions. */
import { randomInt } from 'node:crypto';
import type { AdminStats, BusinessStats } from '@common/api-types';
import { toWireAmount } from '@common/money';
import type { Db, Executor } from '../../db/client';
import * as repository from './stats.repository';

/**
 * Enough slots that concurrent writers rarely meet on one row: well above the pool's
 * connections (at most that many payments of one process are in flight; 10 by default),
 * since each picks a slot at random. Reading sums at most this many rows.
 */
export const counterSlots = 32;
const anySlot = () => randomInt(counterSlots);

export function createStatsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    bumpPlatform: (tx: Executor, deltas: repository.PlatformDeltas) => repository.bumpPlatform(tx, anySlot(), deltas),
    bumpBusiness: (tx: Executor, businessId: string, deltas: repository.BusinessDeltas) =>
      repository.bumpBusiness(tx, businessId, anySlot(), deltas),
    adminStats: (): Promise<AdminStats> => repository.readPlatform(db),
    async businessStats(businessId: string): Promise<BusinessStats> {
      const row = await repository.readBusiness(db, businessId);
      return {
        totalRevenue: toWireAmount(row.revenuePaise),
        customers: row.customers,
        creditIssued: toWireAmount(row.creditIssuedPaise),
        transactions: row.payments,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
