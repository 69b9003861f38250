/** Request bodies of the credit-account calls (docs/product.md#credit-accounts). */
import * as z from 'zod/mini';
import { paymentHandleLengthMax } from '../limits';
import { refusal } from './messages';
import { positiveAmount } from './money';

const creditLimit = positiveAmount(refusal('credit_limit_format'));

export const createCreditAccountBody = z.object({
  paymentHandle: z.string(refusal('payment_handle_required')).check(
    z.trim(), z.toLowerCase(),
    z.minLength(1, refusal('payment_handle_empty')),
    z.maxLength(paymentHandleLengthMax, refusal('payment_handle_too_long')),
  ),
  creditLimit,
});

export const changeLimitBody = z.object({ creditLimit });

export type CreateCreditAccountBody = z.infer<typeof createCreditAccountBody>;
export type ChangeLimitBody = z.infer<typeof changeLimitBody>;
