/**
 * The admin's and merchants' counts. The platform's are kept here, in the callers'
 * transactions; a merchant's move only with the ledger (server/ledger/ledger.ts), and are read here.
 */
import { randomInt } from 'node:crypto';
import type { AdminStats, BusinessStats } from '@common/api/types';
import { toWireAmount } from '@common/money';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { monthToDate } from '../../india-days';
import { counterSlots } from '../../ledger/ledger';
import * as repository from './stats.repository';

/** The platform's counters are spread over as many slots as a merchant's, picked at random. */
const anySlot = () => randomInt(counterSlots);

export function createStatsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    bumpPlatform: (tx: Executor, deltas: repository.PlatformDeltas) => repository.bumpPlatform(tx, anySlot(), deltas),
    adminStats: (): Promise<AdminStats> => repository.readPlatform(db),
    /**
     * The stat cards, and the month so far against the same days of last month (India
     * time; india-days.ts monthToDate), from the daily rollups the ledger keeps (khata_count).
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
        refunds: row.refunds,
        trend: {
          revenue: { current: toWireAmount(trend.currentRevenuePaise), previous: toWireAmount(trend.previousRevenuePaise) },
          transactions: { current: trend.currentPayments, previous: trend.previousPayments },
        },
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
