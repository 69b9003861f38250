/**
 * The Analytics tab's daily figures as the charts and their tables read them: one entry per
 * India day of the period, in order, with zeros for days without payments (or SMS), and
 * amounts in paise (the wire's strings converted once, here).
 */
import { parseRupees } from '@common/money';
import type { AdminAnalytics, SmsUsage } from '@common/api/types';

export interface DailySeries {
  /** India calendar days, "2025-03-12". */
  days: string[];
  volumePaise: number[];
  feesPaise: number[];
  payments: number[];
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;
/** A period is at most 90 days; the cap keeps a malformed range from looping for long. */
const daysMax = 366;

/** The days from `from` to `to`, both included; empty when either is not a calendar day. */
function daysBetween(from: string, to: string): string[] {
  if (!dayPattern.test(from) || !dayPattern.test(to)) return [];
  const days: string[] = [];
  // Calendar arithmetic in UTC, where every day has 24 hours; the strings are India days.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- timestamps to parse, not text
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end && days.length < daysMax; at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

export function dailySeries({ from, to, daily }: Pick<AdminAnalytics, 'from' | 'to' | 'daily'>): DailySeries {
  const byDay = new Map(daily.map((entry) => [entry.date, entry]));
  const days = daysBetween(from, to);
  // A day the server counted outside the range it named is still shown, not dropped.
  for (const entry of daily) if (!days.includes(entry.date)) days.push(entry.date);
  days.sort();
  const series: DailySeries = { days, volumePaise: [], feesPaise: [], payments: [] };
  for (const day of days) {
    const entry = byDay.get(day);
    series.volumePaise.push(entry ? parseRupees(entry.volume) ?? 0 : 0);
    series.feesPaise.push(entry ? parseRupees(entry.fees) ?? 0 : 0);
    series.payments.push(entry?.payments ?? 0);
  }
  return series;
}

/** The SMS figures per India day, as the SMS chart and its table read them. */
export interface SmsDailySeries {
  /** India calendar days, "2025-03-12". */
  days: string[];
  /** SMS that reached a vendor, those delivered, and those that failed. */
  sent: number[];
  delivered: number[];
  failed: number[];
}

/** One entry per India day of the period, in order, with zeros for days without SMS. */
export function smsDailySeries({ from, to, daily }: Pick<SmsUsage, 'from' | 'to' | 'daily'>): SmsDailySeries {
  const byDay = new Map(daily.map((entry) => [entry.date, entry]));
  const days = daysBetween(from, to);
  for (const entry of daily) if (!days.includes(entry.date)) days.push(entry.date);
  days.sort();
  return {
    days,
    sent: days.map((day) => byDay.get(day)?.sent ?? 0),
    delivered: days.map((day) => byDay.get(day)?.delivered ?? 0),
    failed: days.map((day) => byDay.get(day)?.failed ?? 0),
  };
}
