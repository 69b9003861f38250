/**
 * Request bodies of dues, reminders and repayment claims (docs/api.md). Amounts
 * are rupees as everywhere (positiveAmount); the checks that need the ledger (what is owed,
 * a reference already claimed, a date from tomorrow) are the server's.
 */
import * as z from 'zod/mini';
import {
  claimDeclineReasonLengthMax, creditPeriodDaysMax, creditPeriodDaysMin, upiIdPattern, upiReferencePattern,
} from '../limits';
import { refusal } from './messages';
import { positiveAmount } from './money';
import { isStatementDay } from './statements';
import { withoutBidiControls } from './text';

/** "" and null clear the UPI ID; anything else is trimmed, lowercased and must be name@bank. */
const upiId = z.pipe(
  z.nullable(z.string(refusal('upi_id_format'))),
  z.transform((value) => (value === null ? null : value.trim().toLowerCase() || null)),
).check(z.refine((value) => value === null || upiIdPattern.test(value), refusal('upi_id_format')));

export const businessSettingsBody = z.object({
  creditPeriodDays: z.number(refusal('credit_period_range')).check(
    z.int(refusal('credit_period_range')),
    z.gte(creditPeriodDaysMin, refusal('credit_period_range')),
    z.lte(creditPeriodDaysMax, refusal('credit_period_range')),
  ),
  upiId,
});

export const dueDateBody = z.object({
  dueOn: z.string(refusal('due_date_format')).check(z.refine(isStatementDay, refusal('due_date_format'))),
});

export const reminderBody = z.object({ channel: z.enum(['whatsapp', 'sms'], refusal('reminder_channel')) });

export const repaymentClaimBody = z.object({
  amount: positiveAmount(refusal('claim_amount_format')),
  upiReference: z.optional(z.nullable(z.string(refusal('upi_reference_format')).check(
    z.trim(), z.regex(upiReferencePattern, refusal('upi_reference_format')),
  ))),
});

export const confirmClaimBody = z.object({ amount: z.optional(positiveAmount(refusal('claim_amount_format'))) });

/** The customer reads the reason. */
export const declineClaimBody = z.object({
  reason: z.string(refusal('decline_reason_required')).check(
    z.trim(), z.minLength(1, refusal('decline_reason_required')), z.maxLength(claimDeclineReasonLengthMax, refusal('decline_reason_required')),
    withoutBidiControls(),
  ),
});

export const claimsQuery = z.object({ status: z.optional(z.enum(['pending', 'all'], refusal('claim_status_filter'))) });

export type BusinessSettingsBody = z.infer<typeof businessSettingsBody>;
export type DueDateBody = z.infer<typeof dueDateBody>;
export type ReminderBody = z.infer<typeof reminderBody>;
export type RepaymentClaimBody = z.infer<typeof repaymentClaimBody>;
export type ConfirmClaimBody = z.infer<typeof confirmClaimBody>;
export type DeclineClaimBody = z.infer<typeof declineClaimBody>;
export type ClaimsQuery = z.infer<typeof claimsQuery>;
