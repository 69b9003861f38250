/**
 * Request bodies of dues, reminders and repayment claims (issue 16; docs/api.md). Amounts
 * are rupees as everywhere (positiveAmount); the checks that need the ledger (what is owed,
 * a reference already claimed, a date from tomorrow) are the server's.
 */
import * as z from 'zod/mini';
import {
  claimDeclineReasonLengthMax, creditPeriodDaysMax, creditPeriodDaysMin, upiIdPattern, upiReferencePattern,
} from '../limits';
import { validationMessages as messages } from './messages';
import { positiveAmount } from './money';
import { isStatementDay } from './statements';
import { withoutBidiControls } from './text';

/** "" and null clear the UPI ID; anything else is trimmed, lowercased and must be name@bank. */
const upiId = z.pipe(
  z.nullable(z.string(messages.upiIdFormat)),
  z.transform((value) => (value === null ? null : value.trim().toLowerCase() || null)),
).check(z.refine((value) => value === null || upiIdPattern.test(value), messages.upiIdFormat));

export const businessSettingsBody = z.object({
  creditPeriodDays: z.number(messages.creditPeriodRange).check(
    z.int(messages.creditPeriodRange),
    z.gte(creditPeriodDaysMin, messages.creditPeriodRange),
    z.lte(creditPeriodDaysMax, messages.creditPeriodRange),
  ),
  upiId,
});

export const dueDateBody = z.object({
  dueOn: z.string(messages.dueDateFormat).check(z.refine(isStatementDay, messages.dueDateFormat)),
});

export const reminderBody = z.object({ channel: z.enum(['whatsapp', 'sms'], messages.reminderChannel) });

export const repaymentClaimBody = z.object({
  amount: positiveAmount(messages.claimAmountFormat),
  upiReference: z.optional(z.nullable(z.string(messages.upiReferenceFormat).check(
    z.trim(), z.regex(upiReferencePattern, messages.upiReferenceFormat),
  ))),
});

export const confirmClaimBody = z.object({ amount: z.optional(positiveAmount(messages.claimAmountFormat)) });

/** The customer reads the reason. */
export const declineClaimBody = z.object({
  reason: z.string(messages.declineReasonRequired).check(
    z.trim(), z.minLength(1, messages.declineReasonRequired), z.maxLength(claimDeclineReasonLengthMax, messages.declineReasonRequired),
    withoutBidiControls(),
  ),
});

export const claimsQuery = z.object({ status: z.optional(z.enum(['pending', 'all'], messages.claimStatusFilter)) });

export type BusinessSettingsBody = z.infer<typeof businessSettingsBody>;
export type DueDateBody = z.infer<typeof dueDateBody>;
export type ReminderBody = z.infer<typeof reminderBody>;
export type RepaymentClaimBody = z.infer<typeof repaymentClaimBody>;
export type ConfirmClaimBody = z.infer<typeof confirmClaimBody>;
export type DeclineClaimBody = z.infer<typeof declineClaimBody>;
export type ClaimsQuery = z.infer<typeof claimsQuery>;
