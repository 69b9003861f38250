/** Request bodies of the admin calls (spec §7 Admin, with the design's additions). */
import * as z from 'zod/mini';
import { businessDecisionBatchMax, decisionTextLengthMax } from '../limits';
import { validationMessages as messages, type ValidationMessage } from './messages';
import { feePercent, positiveAmount } from './money';
import { withoutBidiControls } from './text';

const terms = {
  transactionFeePercent: z.optional(feePercent(messages.feePercentFormat)),
  maxCreditLimit: z.optional(positiveAmount(messages.maxCreditLimitFormat)),
};

/** A decision's reason or notes, which the business and other admins read. */
const optionalText = (notText: ValidationMessage, tooLong: ValidationMessage) => z.optional(z.string(notText).check(
  z.trim(), z.maxLength(decisionTextLengthMax, tooLong), withoutBidiControls(),
));

export const decideBusinessesBody = z.object({
  businessIds: z.array(z.uuid(messages.businessIdFormat), messages.businessIdsList).check(
    z.minLength(1, messages.businessIdsEmpty),
    z.maxLength(businessDecisionBatchMax, messages.businessIdsTooMany),
  ),
  action: z.enum(['approve', 'reject'], messages.decisionAction),
  reason: optionalText(messages.reasonNotText, messages.reasonTooLong),
  notes: optionalText(messages.notesNotText, messages.notesTooLong),
  ...terms,
});

export const businessTermsBody = z.object(terms);

export type DecideBusinessesBody = z.infer<typeof decideBusinessesBody>;
export type BusinessTermsBody = z.infer<typeof businessTermsBody>;

/** The periods the Analytics tab offers, in India days ending today (issue 15). */
export const analyticsPeriodDays = [7, 30, 90] as const;
export const analyticsPeriodDaysDefault = 30;

export const analyticsQuery = z.object({
  days: z.optional(z.enum(['7', '30', '90'], 'days must be 7, 30 or 90')),
});
