/** Request bodies of the admin calls (spec §7 Admin, with the design's additions). */
import * as z from 'zod/mini';
import { businessDecisionBatchMax, decisionTextLengthMax } from '../limits';
import { feePercent, positiveAmount } from './money';

const uuidMessage = 'Each business id must be a valid id';

const terms = {
  transactionFeePercent: z.optional(feePercent('Fee must be a percent from 0 to 100 with at most 2 decimals')),
  maxCreditLimit: z.optional(positiveAmount('Maximum credit limit must be an amount greater than 0 with at most 2 decimals')),
};

const optionalText = (label: string) => z.optional(z.string(`${label} must be text`).check(
  z.trim(), z.maxLength(decisionTextLengthMax, `${label} must be at most ${decisionTextLengthMax} characters`),
));

export const decideBusinessesBody = z.object({
  businessIds: z.array(z.uuid(uuidMessage), 'businessIds must be a list of business ids').check(
    z.minLength(1, 'Choose at least one business'),
    z.maxLength(businessDecisionBatchMax, `At most ${businessDecisionBatchMax} businesses at a time`),
  ),
  action: z.enum(['approve', 'reject'], 'Action must be approve or reject'),
  reason: optionalText('Reason'),
  notes: optionalText('Notes'),
  ...terms,
});

export const businessTermsBody = z.object(terms);

export type DecideBusinessesBody = z.infer<typeof decideBusinessesBody>;
export type BusinessTermsBody = z.infer<typeof businessTermsBody>;
