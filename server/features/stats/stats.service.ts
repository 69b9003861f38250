/** The admin's and merchants' counts, maintained in the callers' transactions. */
import { randomInt } from 'node:crypto';
import type { AdminStats, BusinessStats } from '@common/api/types';
import { toWireAmount } from '@common/money';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { monthToDate } from '../../india-days';
import * as repository from './stats.repository';

/**
 * Enough slots that concurrent writers rarely meet on one row: well above the pool's
 * connections (at most that many payments of one process are in flight; 10 by default),
 * since each picks a slot at random. Reading sums at most this many rows.
 */
export const counterSlots = 32;
const anySlot = () => randomInt(counterSlots);

export function createStatsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    bumpPlatform: (tx: Executor, deltas: repository.PlatformDeltas) => repository.bumpPlatform(tx, anySlot(), deltas),
    bumpBusiness: (tx: Executor, businessId: string, deltas: repository.BusinessDeltas) =>
      repository.bumpBusiness(tx, businessId, anySlot(), deltas),
    adminStats: (): Promise<AdminStats> => repository.readPlatform(db),
    /**
     * The stat cards, and the month so far against the same days of last month (India
     * time; india-days.ts monthToDate), from the daily rollups khata_pay keeps.
     */
    async businessStats(businessId: string): Promise<BusinessStats> {
      const months = monthToDate(clock());
      const [row, trend] = await Promise.all([
        repository.readBusiness(db, businessId),
        repository.readBusinessRanges(db, businessId, months.current, months.previous),
      ]);
      return {
        totalRevenue: toWireAmount(row.revenuePaise),
        customers: row.customers,
        creditIssued: toWireAmount(row.creditIssuedPaise),
        transactions: row.payments,
        trend: {
          revenue: { current: toWireAmount(trend.currentRevenuePaise), previous: toWireAmount(trend.previousRevenuePaise) },
          transactions: { current: trend.currentPayments, previous: trend.previousPayments },
        },
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
