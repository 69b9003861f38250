/**
 * The automatic reminders form: two switches, the choices each one opens and the hour,
 * every choice held as its select's text. Each problem is named by a key, its words in
 * `reminderScheduleIssues`, the server's own; the server checks them again
 * (common/schemas/reminders.ts).
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import type { ReminderSchedule } from '@common/api/types';
import {
  reminderBeforeDueDaysMax, reminderBeforeDueDaysMin, reminderEveryDaysMax, reminderEveryDaysMin, reminderHourMax, reminderHourMin,
} from '@common/limits';
import type { IssueCatalogue } from '@/lib/form-issues';
import type { ReminderScheduleRequest } from './api/save-reminder-settings';

/** Whole numbers from `min` to `max`, in order: the choices of a select. */
export const wholeRange = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, index) => min + index);

const wholeIn = (min: number, max: number) => (text: string) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

export const reminderScheduleSchema = z.object({
  overdueOn: z.boolean(),
  overdueEveryDays: z.string().check(z.refine(wholeIn(reminderEveryDaysMin, reminderEveryDaysMax), 'everyDaysRange')),
  beforeDueOn: z.boolean(),
  beforeDueDays: z.string().check(z.refine(wholeIn(reminderBeforeDueDaysMin, reminderBeforeDueDaysMax), 'beforeDaysRange')),
  hour: z.string().check(z.refine(wholeIn(reminderHourMin, reminderHourMax), 'hourRange')),
});
export type ReminderScheduleValues = z.infer<typeof reminderScheduleSchema>;

/** Check order: overdue, before the due date, then the hour, as the card lists them. */
export const reminderScheduleIssues = () => {
  const everyMin = reminderEveryDaysMin;
  const everyMax = reminderEveryDaysMax;
  const beforeMin = reminderBeforeDueDaysMin;
  const beforeMax = reminderBeforeDueDaysMax;
  const title = t`Invalid reminder settings`;
  return {
    everyDaysRange: { title, description: t`Overdue reminders go every ${everyMin} to ${everyMax} days` },
    beforeDaysRange: { title, description: t`The reminder before a due date goes ${beforeMin} to ${beforeMax} days before it` },
    hourRange: { title, description: t`Choose an hour from 9 AM to 8 PM` },
  } satisfies IssueCatalogue<string>;
};

/** The request for valid values: a part switched off is null. */
export function reminderScheduleBody(values: ReminderScheduleValues): ReminderScheduleRequest {
  return {
    overdueEveryDays: values.overdueOn ? Number(values.overdueEveryDays) : null,
    beforeDueDays: values.beforeDueOn ? Number(values.beforeDueDays) : null,
    hour: Number(values.hour),
  };
}

/** The form's values for a saved schedule; a part that is off shows its first choice, ready to switch on. */
export const reminderScheduleValues = (schedule: ReminderSchedule): ReminderScheduleValues => ({
  overdueOn: schedule.overdueEveryDays !== null,
  overdueEveryDays: String(schedule.overdueEveryDays ?? reminderEveryDaysMin),
  beforeDueOn: schedule.beforeDueDays !== null,
  beforeDueDays: String(schedule.beforeDueDays ?? reminderBeforeDueDaysMin),
  hour: String(schedule.hour),
});
