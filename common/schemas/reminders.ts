/**
 * Request bodies of automatic SMS reminders, the shop's "Send to all overdue", the
 * customer's opt-out, the reminder links and the SMS vendors' delivery callbacks
 * (docs/product.md#automatic-reminders; docs/api.md).
 */
import * as z from 'zod/mini';
import {
  reminderBeforeDueDaysMax, reminderBeforeDueDaysMin, reminderEveryDaysMax, reminderEveryDaysMin, reminderHourMax, reminderHourMin,
} from '../limits';
import { refusal } from './messages';

/** Where an SMS stands: queued with us or the vendor, sent to the operator, delivered, or failed. */
/** Why an SMS went: a sign-in code, a reminder, an invitation, or a consent code for a charge or a counter sign-up. */
export const smsPurposes = ['otp', 'reminder', 'invite', 'charge', 'enrol', 'staff_invite'] as const;

export const smsStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export const smsStatus = z.enum(smsStatuses);
export type SmsStatus = z.output<typeof smsStatus>;

/** Why a reminder SMS went: the schedule while overdue, the schedule before a due date, or "Send to all overdue". */
export const smsReminderKinds = ['overdue', 'before_due', 'bulk'] as const;
export const smsReminderKind = z.enum(smsReminderKinds);
export type SmsReminderKind = z.output<typeof smsReminderKind>;

const wholeIn = (min: number, max: number, key: Parameters<typeof refusal>[0]) =>
  z.number(refusal(key)).check(z.int(refusal(key)), z.gte(min, refusal(key)), z.lte(max, refusal(key)));

/**
 * The shop's schedule: every `overdueEveryDays` days while an account is overdue, and/or
 * `beforeDueDays` days before a due date (0: on the day), at `hour` India time. Both null
 * turns automatic reminders off.
 */
export const reminderScheduleBody = z.object({
  overdueEveryDays: z.nullable(wholeIn(reminderEveryDaysMin, reminderEveryDaysMax, 'reminder_every_days_range')),
  beforeDueDays: z.nullable(wholeIn(reminderBeforeDueDaysMin, reminderBeforeDueDaysMax, 'reminder_before_days_range')),
  hour: wholeIn(reminderHourMin, reminderHourMax, 'reminder_hour_range'),
});

/** The merchant leaves one customer out of automatic and bulk reminders, or lets them back in. */
export const reminderExclusionBody = z.object({ excluded: z.boolean(refusal('reminder_switch')) });

/** The customer stops (or allows again) reminder SMS from one shop. */
export const reminderOptOutBody = z.object({ optedOut: z.boolean(refusal('reminder_switch')) });

/** `GET /api/reminder-links/:code`: any text, answered 404 unless it is a live link of this customer. */
export const reminderLinkParams = z.object({ code: z.string() });

/** `GET /api/admin/sms-usage`. */
export const smsUsageQuery = z.object({
  days: z.optional(z.enum(['7', '30', '90'], refusal('analytics_days'))),
});

/**
 * Twilio's StatusCallback, form-encoded: every parameter it sends is kept, because the
 * X-Twilio-Signature covers them all.
 */
export const twilioStatusBody = z.looseObject({
  MessageSid: z.string(refusal('sms_callback_invalid')),
  MessageStatus: z.string(refusal('sms_callback_invalid')),
});

/** MSG91's delivery webhook (JSON); its URL carries the secret token (`:token`). */
export const msg91StatusParams = z.object({ token: z.string() });
export const msg91StatusBody = z.looseObject({});

export type ReminderScheduleBody = z.infer<typeof reminderScheduleBody>;
export type ReminderExclusionBody = z.infer<typeof reminderExclusionBody>;
export type ReminderOptOutBody = z.infer<typeof reminderOptOutBody>;
export type SmsUsageQuery = z.infer<typeof smsUsageQuery>;
export type TwilioStatusBody = z.infer<typeof twilioStatusBody>;
