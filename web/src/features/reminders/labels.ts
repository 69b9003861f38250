/**
 * The words of reminder SMS: each delivery status and kind, and the schedule's choices
 * ("Every 3 days", "1 day before", "9:00 AM") and who a "Send to all overdue" leaves out, in the
 * language the app speaks now.
 */
import { plural, t } from '@lingui/core/macro';
import type { SmsReminderKind, SmsStatus } from '@common/api/types';
import { remindersPerAccountPerDayMax } from '@common/limits';
import { currentLanguage } from '@/i18n/i18n';

type Tone = 'primary' | 'success' | 'warning' | 'danger' | 'neutral';

export function smsStatusLabel(status: SmsStatus): string {
  switch (status) {
    case 'queued': return t`Queued`;
    case 'sending': return t`Sending`;
    case 'sent': return t`Sent`;
    case 'delivered': return t`Delivered`;
    case 'failed': return t`Failed`;
  }
}

/** Waiting is neutral, on its way is primary, delivered is success and failed is danger. */
export const smsStatusTones: Record<SmsStatus, Tone> = {
  queued: 'neutral', sending: 'neutral', sent: 'primary', delivered: 'success', failed: 'danger',
};

export function smsKindLabel(kind: SmsReminderKind): string {
  switch (kind) {
    case 'overdue': return t`Overdue reminder`;
    case 'before_due': return t`Before due date`;
    case 'bulk': return t`Sent to all overdue`;
  }
}

/** "Every day", "Every 3 days". */
export const everyDaysLabel = (days: number): string => plural(days, { one: 'Every day', other: 'Every # days' });

/** "On the due date", "1 day before", "3 days before". */
export const beforeDaysLabel = (days: number): string =>
  days === 0 ? t`On the due date` : plural(days, { one: '# day before', other: '# days before' });

/** An India hour (0–23) on a twelve-hour clock: "9:00 AM", "12:00 PM", "8:00 PM". */
export function hourLabel(hour: number): string {
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  return hour < 12 ? t`${clock}:00 AM` : t`${clock}:00 PM`;
}

/** The overdue accounts "Send to all overdue" leaves out, by why. */
export interface SkippedAccounts {
  optedOut: number;
  excluded: number;
  noPhone: number;
  accountLimit: number;
  shopLimit: number;
}

/** "Left out: 2 opted out, 1 excluded"; null when no one is. */
export function leftOutLabel(skipped: SkippedAccounts, language = currentLanguage()): string | null {
  const { optedOut, excluded, noPhone, accountLimit, shopLimit } = skipped;
  const max = remindersPerAccountPerDayMax;
  const reasons = [
    optedOut > 0 ? t`${optedOut} opted out` : null,
    excluded > 0 ? t`${excluded} excluded` : null,
    noPhone > 0 ? t`${noPhone} without a phone number` : null,
    accountLimit > 0 ? t`${accountLimit} already reminded ${max} times today` : null,
    shopLimit > 0 ? t`${shopLimit} over today's SMS limit` : null,
  ].filter((reason) => reason !== null);
  if (reasons.length === 0) return null;
  const list = new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(reasons);
  return t`Left out: ${list}`;
}
