/**
 * The Pay back sheet's forms (docs/product.md#upi-repayment-claims). Each problem is named by a key the sheet words;
 * the server checks the same again (common/schemas/dues.ts) and against the ledger.
 */
import * as z from 'zod/mini';
import { upiReferencePattern } from '@common/limits';
import type { Paise } from '@common/money';
import { amountIssue } from './dues';

/** The amount to pay back: more than 0 and at most what is owed (`owedPaise`). */
export const payBackSchema = (owedPaise: Paise) =>
  z.object({
    amount: z.string().check(
      z.refine((text) => amountIssue(text, owedPaise) !== 'invalidAmount', 'invalidAmount'),
      z.refine((text) => amountIssue(text, owedPaise) !== 'aboveOwed', 'aboveOwed'),
    ),
  });
export type PayBackValues = z.infer<ReturnType<typeof payBackSchema>>;

/** The UPI reference is optional; given, it is 12 digits. */
export const claimSchema = z.object({
  upiReference: z.string().check(
    z.refine((text) => text.trim() === '' || upiReferencePattern.test(text.trim()), 'referenceFormat'),
  ),
});
export type ClaimValues = z.infer<typeof claimSchema>;
