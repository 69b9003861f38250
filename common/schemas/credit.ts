/** Request bodies of the credit-account calls (spec §7 Merchant, design.md §3). */
import * as z from 'zod/mini';
import { paymentHandleLengthMax } from '../limits';
import { positiveAmount } from './money';

const creditLimit = positiveAmount('Credit limit must be an amount greater than 0 with at most 2 decimals');

export const createCreditAccountBody = z.object({
  paymentHandle: z.string('Payment handle is required').check(
    z.trim(), z.toLowerCase(),
    z.minLength(1, 'Please scan QR or enter customer payment handle'),
    z.maxLength(paymentHandleLengthMax, 'Payment handle is too long'),
  ),
  creditLimit,
});

export const changeLimitBody = z.object({ creditLimit });

export type CreateCreditAccountBody = z.infer<typeof createCreditAccountBody>;
export type ChangeLimitBody = z.infer<typeof changeLimitBody>;
