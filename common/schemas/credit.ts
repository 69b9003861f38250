/** Request bodies of the credit-account calls (spec §7 Merchant, design.md §3). */
import * as z from 'zod/mini';
import { paymentHandleLengthMax } from '../limits';
import { validationMessages as messages } from './messages';
import { positiveAmount } from './money';

const creditLimit = positiveAmount(messages.creditLimitFormat);

export const createCreditAccountBody = z.object({
  paymentHandle: z.string(messages.paymentHandleRequired).check(
    z.trim(), z.toLowerCase(),
    z.minLength(1, messages.paymentHandleEmpty),
    z.maxLength(paymentHandleLengthMax, messages.paymentHandleTooLong),
  ),
  creditLimit,
});

export const changeLimitBody = z.object({ creditLimit });

export type CreateCreditAccountBody = z.infer<typeof createCreditAccountBody>;
export type ChangeLimitBody = z.infer<typeof changeLimitBody>;
