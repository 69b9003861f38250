/**
 * A statement's period (docs/product.md#statements): this month, last month or two chosen days, always as
 * India calendar dates ("2025-03-12"), both ends included, as the API takes them.
 */
import { indiaDateOf } from '@/lib/date-time';

export type RangeChoice = 'this-month' | 'last-month' | 'custom';

export interface DateRange {
  /** The first day, "YYYY-MM-DD" in India. */
  from: string;
  /** The last day, included. */
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The days in `month` (1–12) of `year`: day 0 of the next month is this one's last. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** From the 1st of this month to today, in India. */
export function thisMonth(today: string): DateRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The whole of last month, in India. */
export function lastMonth(today: string): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [lastYear, last] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const prefix = `${lastYear}-${pad(last)}`;
  return { from: `${prefix}-01`, to: `${prefix}-${pad(daysIn(lastYear, last))}` };
}

/** Today in India: the day the ranges count from. */
export const indiaToday = (now = new Date()): string => indiaDateOf(now);

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Two real days, the first not after the second (ISO dates compare as text). */
export const isValidRange = ({ from, to }: DateRange): boolean =>
  dayPattern.test(from) && dayPattern.test(to) && from <= to;

/** The range a choice stands for; a custom one keeps the days chosen. */
export function rangeFor(choice: RangeChoice, today: string, custom: DateRange): DateRange {
  if (choice === 'this-month') return thisMonth(today);
  if (choice === 'last-month') return lastMonth(today);
  return custom;
}
