/**
 * Dues as the merchant reads them (docs/product.md#dues-and-reminders): India calendar days, counted on the phone's
 * clock but always in India time, like the server's (server/india-days.ts).
 */
import { plural, t } from '@lingui/core/macro';
import { dueDateMoveDaysMax } from '@common/limits';
import { indiaDateOf } from '@/lib/date-time';

const dayMs = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD day, in ms: calendar arithmetic with no zone in it. */
function dayStartMs(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(dayStartMs(day) + days * dayMs).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayStartMs(to) - dayStartMs(from)) / dayMs);

/** The dates a due date may move to: from tomorrow to a year ahead, in India. */
export function dueDateRange(now = new Date()): { min: string; max: string } {
  const today = indiaDateOf(now);
  return { min: addDays(today, 1), max: addDays(today, dueDateMoveDaysMax) };
}

/** India days since the last reminder (0 = today); null when none was sent or the time is unreadable. */
export function daysSinceReminder(lastRemindedAt: string | null, now = new Date()): number | null {
  if (!lastRemindedAt) return null;
  const at = new Date(lastRemindedAt);
  if (Number.isNaN(at.getTime())) return null;
  return Math.max(0, daysBetween(indiaDateOf(at), indiaDateOf(now)));
}

/** "Reminded today", "Reminded 3 days ago"; null when no reminder was sent. */
export function remindedLabel(lastRemindedAt: string | null, now = new Date()): string | null {
  const days = daysSinceReminder(lastRemindedAt, now);
  if (days === null) return null;
  if (days === 0) return t`Reminded today`;
  return plural(days, { one: 'Reminded # day ago', other: 'Reminded # days ago' });
}
