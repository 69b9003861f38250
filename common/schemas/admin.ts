/** Request bodies and queries of the admin calls (docs/api.md). */
import * as z from 'zod/mini';
import { businessDecisionBatchMax, decisionTextLengthMax } from '../limits';
import type { InputErrorKey } from '../errors';
import { refusal } from './messages';
import { feePercent, positiveAmount } from './money';
import { withoutBidiControls } from './text';

const terms = {
  transactionFeePercent: z.optional(feePercent(refusal('fee_percent_format'))),
  maxCreditLimit: z.optional(positiveAmount(refusal('max_credit_limit_format'))),
};

/** A decision's reason or notes, which the business and other admins read. */
const optionalText = (notText: InputErrorKey, tooLong: InputErrorKey) => z.optional(z.string(notText).check(
  z.trim(), z.maxLength(decisionTextLengthMax, tooLong), withoutBidiControls(),
));

export const decideBusinessesBody = z.object({
  businessIds: z.array(z.uuid(refusal('business_id_format')), refusal('business_ids_list')).check(
    z.minLength(1, refusal('business_ids_empty')),
    z.maxLength(businessDecisionBatchMax, refusal('business_ids_too_many')),
  ),
  action: z.enum(['approve', 'reject'], refusal('decision_action')),
  reason: optionalText(refusal('reason_not_text'), refusal('reason_too_long')),
  notes: optionalText(refusal('notes_not_text'), refusal('notes_too_long')),
  ...terms,
});

export const businessTermsBody = z.object(terms);

export type DecideBusinessesBody = z.infer<typeof decideBusinessesBody>;
export type BusinessTermsBody = z.infer<typeof businessTermsBody>;

/** The periods the Analytics tab offers, in India days ending today (docs/product.md#dashboard-figures). */
export const analyticsPeriodDays = [7, 30, 90] as const;
export const analyticsPeriodDaysDefault = 30;

export const analyticsQuery = z.object({
  days: z.optional(z.enum(['7', '30', '90'], refusal('analytics_days'))),
});
