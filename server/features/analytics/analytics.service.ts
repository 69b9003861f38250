/**
 * The admin's Analytics tab (docs/product.md#dashboard-figures), read from rollups so it costs the
 * same at any ledger size: business_daily (kept by the ledger as payments and refunds land; its
 * revenue and fee are net of refunds), platform_daily and business_period_totals (summed from it
 * once a day, when a day is over), and customer_last_paid_days; the reports left open from
 * payment_reports' open index.
 * docs/decisions.md says why this split.
 */
import type { AdminAnalytics } from '@common/api/types';
import { reportOpenDaysAlert } from '@common/limits';
import { paise, toWireAmount } from '@common/money';
import { analyticsPeriodDays } from '@common/schemas/admin';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import type { Freshness, ReadRouting } from '../../db/read-routing';
import { addDays, indiaDay, indiaDayStart } from '../../india-days';
import * as repository from './analytics.repository';

/**
 * A day is closed (summed into platform_daily for good) only this long after it ends, so
 * a payment that began before midnight has long committed: a payment's transaction is
 * bounded by the statement timeout, far below this.
 */
export const dayCloseGraceSeconds = 10 * 60;
const longestPeriodDays = Math.max(...analyticsPeriodDays);
const topMerchantsCount = 5;

export function createAnalyticsService(deps: { db: Db; clock: Clock; reads: ReadRouting }) {
  const { db, clock, reads } = deps;

  /**
   * Closes the days that ended (more than the grace ago) since the last call: one small
   * read when nothing is due, which is every call but the first of a day. Called by the
   * periodic maintenance and by each analytics read, whichever comes first.
   */
  async function closeDays(now = clock()): Promise<repository.ClosedState> {
    return (await closeDaysDue(now)).state;
  }

  /** closeDays, telling also whether this call wrote the closed days (then a replica may not have them yet). */
  async function closeDaysDue(now: Date): Promise<{ state: repository.ClosedState; wrote: boolean }> {
    const state = { today: indiaDay(now), openFrom: indiaDay(addSeconds(now, -dayCloseGraceSeconds)) };
    const same = (found: repository.ClosedState | null) =>
      found !== null && found.today === state.today && found.openFrom === state.openFrom;
    if (same(await repository.readClosed(db))) return { state, wrote: false };
    let wrote = false;
    await inTransaction(db, async (tx) => {
      await repository.lockClosing(tx);
      if (same(await repository.readClosed(tx))) return;
      wrote = true;
      await repository.closePlatformDays(tx, addDays(state.today, -longestPeriodDays), state.openFrom);
      for (const days of analyticsPeriodDays) {
        await repository.rebuildPeriod(tx, days, addDays(state.today, 1 - days), state.openFrom);
      }
      await repository.writeClosed(tx, state);
    });
    return { state, wrote };
  }

  /**
   * The last `days` India days, today included. Closing the days is a write, on the primary;
   * the figures are reads that may lag, from the replica unless `freshness` says otherwise or
   * this very call closed days the replica may not have replayed yet.
   */
  async function read(days: number, freshness: Freshness = 'fresh'): Promise<AdminAnalytics> {
    const now = clock();
    const { state: { today, openFrom }, wrote } = await closeDaysDue(now);
    const from = addDays(today, 1 - days);
    // One after another: four short statements, and a request holds one connection.
    const { dayRows, merchants, platform, openReports } = await reads.lagging(wrote ? 'fresh' : freshness, async (reader) => ({
      dayRows: await repository.readDays(reader, from, openFrom, today),
      merchants: await repository.readMerchants(reader, days, openFrom, today, topMerchantsCount),
      platform: await repository.readPlatform(reader, from, today, indiaDayStart(from), indiaDayStart(addDays(today, 1))),
      openReports: await repository.readOpenReports(reader, addSeconds(now, -reportOpenDaysAlert * 24 * 60 * 60)),
    }));
    const byDay = new Map(dayRows.map((row) => [row.day, row]));
    const daily = [];
    let payments = 0;
    let volume = 0;
    let fees = 0;
    let refunds = 0;
    let refunded = 0;
    for (let day = from; day <= today; day = addDays(day, 1)) {
      const row = byDay.get(day);
      const figures = { revenuePaise: row?.revenuePaise ?? 0, feePaise: row?.feePaise ?? 0, payments: row?.payments ?? 0 };
      payments += figures.payments;
      volume += figures.revenuePaise;
      fees += figures.feePaise;
      refunds += row?.refunds ?? 0;
      refunded += row?.refundedPaise ?? 0;
      daily.push({
        date: day, volume: toWireAmount(paise(figures.revenuePaise)), fees: toWireAmount(paise(figures.feePaise)),
        payments: figures.payments,
      });
    }
    const median = platform.medianSecondsToDecision;
    return {
      days,
      from,
      to: today,
      daily,
      totals: {
        payments, volume: toWireAmount(paise(volume)), fees: toWireAmount(paise(fees)), refunds, refunded: toWireAmount(paise(refunded)),
      },
      activeMerchants: merchants[0]?.active ?? 0,
      activeCustomers: platform.activeCustomers,
      newRegistrations: { customers: platform.newCustomers, businesses: platform.newBusinesses },
      approvals: {
        applied: platform.applied,
        approved: platform.approved,
        rejected: platform.rejected,
        pending: platform.pending,
        // Hours with one decimal: enough for "about a day" or "two and a half hours".
        medianHoursToDecision: median === null ? null : Math.round(median / 360) / 10,
      },
      topMerchants: merchants.map((row) => ({
        businessId: row.businessId, businessName: row.businessName, volume: toWireAmount(row.revenuePaise), payments: row.payments,
      })),
      credit: { granted: toWireAmount(platform.creditLimitPaise), owed: toWireAmount(platform.owedPaise) },
      reports: { openOverWeek: openReports.count, oldestOpenAt: openReports.oldestAt?.toISOString() ?? null },
    };
  }

  return { closeDays, read };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
