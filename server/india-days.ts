/**
 * India calendar days and times. Instants are stored as UTC and shown and counted in
 * India time (docs/product.md#dashboard-figures, docs/product.md#statements). Asia/Kolkata
 * has kept UTC+05:30 all year since 1945, without daylight saving, so a day is a fixed
 * shift of UTC: exact for every date the app accepts, with no time-zone database, in
 * TypeScript and in SQL alike (khata_pay.sql and migration 0008 write the same shift).
 * Days are 'YYYY-MM-DD' strings, as PostgreSQL's `date` prints them.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';

const indiaOffsetMs = (5 * 60 + 30) * 60 * 1000;
const dayMs = 24 * 3600 * 1000;

/** The India day an instant falls on: 2026-10-31T18:40Z is '2026-11-01'. */
export const indiaDay = (at: Date): string => new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 10);

/** The day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The instant an India day begins: '2026-11-01' begins at 2026-10-31T18:30Z. */
export const indiaDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - indiaOffsetMs);

/** The instant the India day after `day` begins: the end, excluded, of a range ending on `day`. */
export const indiaDayEnd = (day: string): Date => new Date(indiaDayStart(day).getTime() + dayMs);

/** "2026-11-22 15:30": the India date and time of an instant, to the minute. */
export const indiaMinute = (at: Date): string =>
  new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 16).replace('T', ' ');

/** The India hour of an instant, 0 to 23. */
export const indiaHour = (at: Date): number => Number(indiaMinute(at).slice(11, 13));

/** The India day of a timestamptz column or value, in SQL: the same shift as indiaDay. */
export const indiaDaySql = (at: SQLWrapper) => sql`((${at} at time zone 'UTC') + interval '5 hours 30 minutes')::date`;

/** Seconds from `now` to the next India midnight, when a day's limits start again (a Retry-After). */
export const secondsToIndiaMidnight = (now: Date): number =>
  Math.ceil((indiaDayStart(addDays(indiaDay(now), 1)).getTime() - now.getTime()) / 1000);

export interface DayRange { from: string; to: string }

/**
 * This calendar month up to today, and the same days of last month: days 1..d, d being
 * today's day of the month, capped at last month's length (on 31 March, all of February).
 */
export function monthToDate(now: Date): { current: DayRange; previous: DayRange } {
  const today = indiaDay(now);
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  const firstOfLast = new Date(Date.UTC(year, month - 2, 1));
  const lastMonthLength = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const previousFrom = firstOfLast.toISOString().slice(0, 10);
  return {
    current: { from: `${today.slice(0, 8)}01`, to: today },
    previous: { from: previousFrom, to: addDays(previousFrom, Math.min(dayOfMonth, lastMonthLength) - 1) },
  };
}
