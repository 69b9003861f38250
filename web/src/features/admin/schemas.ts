/**
 * The review and terms forms (docs/product.md#validation, Admin): a rejection needs a reason, everything else
 * is optional. The fee and limit are checked like the server does (common/schemas/admin.ts).
 */
import * as z from 'zod/mini';
import { feeBasisPointsMax } from '@common/limits';
import { parsePercent, parseRupees, toWireAmount, toWirePercent } from '@common/money';
import { toPhoneNumber } from '@/lib/format';
import { phoneDigitsPattern } from '@/lib/patterns';

const isValidFee = (text: string) => {
  const rate = parsePercent(text.trim());
  return rate !== null && rate <= feeBasisPointsMax;
};
const isValidLimit = (text: string) => (parseRupees(text.trim()) ?? 0) > 0;
const blank = (text: string) => text.trim() === '';

export const reviewSchema = z
  .object({
    action: z.enum(['approve', 'reject']),
    notes: z.string(),
    reason: z.string(),
    transactionFeePercent: z.string(),
    maxCreditLimit: z.string(),
  })
  .check(
    z.refine((v) => v.action !== 'reject' || !blank(v.reason), { message: 'reasonRequired', path: ['reason'] }),
    z.refine((v) => v.action !== 'approve' || blank(v.transactionFeePercent) || isValidFee(v.transactionFeePercent), {
      message: 'invalidFee', path: ['transactionFeePercent'],
    }),
    z.refine((v) => v.action !== 'approve' || blank(v.maxCreditLimit) || isValidLimit(v.maxCreditLimit), {
      message: 'invalidLimit', path: ['maxCreditLimit'],
    }),
  );
export type ReviewValues = z.infer<typeof reviewSchema>;

export const termsSchema = z
  .object({ transactionFeePercent: z.string(), maxCreditLimit: z.string() })
  .check(
    z.refine((v) => !blank(v.transactionFeePercent) || !blank(v.maxCreditLimit), {
      message: 'nothingToUpdate', path: ['transactionFeePercent'],
    }),
    z.refine((v) => blank(v.transactionFeePercent) || isValidFee(v.transactionFeePercent), {
      message: 'invalidFee', path: ['transactionFeePercent'],
    }),
    z.refine((v) => blank(v.maxCreditLimit) || isValidLimit(v.maxCreditLimit), {
      message: 'invalidLimit', path: ['maxCreditLimit'],
    }),
  );
export type TermsValues = z.infer<typeof termsSchema>;

/** The optional terms as the wire wants them ("2.50", "75000.00"); blank ones left out. */
export function termsForWire(values: { transactionFeePercent: string; maxCreditLimit: string }) {
  const fee = parsePercent(values.transactionFeePercent.trim());
  const limit = parseRupees(values.maxCreditLimit.trim());
  return {
    ...(fee !== null ? { transactionFeePercent: toWirePercent(fee) } : {}),
    ...(limit !== null ? { maxCreditLimit: toWireAmount(limit) } : {}),
  };
}

/**
 * Unlock Account: a customer or a shop's staff member is named by the 10 digits after +91
 * (a typed "+91" and spaces are allowed), a merchant or admin by e-mail, as each signs in.
 */
const phoneDigits = (identifier: string) => identifier.replace(/[\s-]/g, '').replace(/^\+91/, '');
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

const unlockRoles = ['customer', 'business', 'staff', 'admin'] as const;
type UnlockRole = (typeof unlockRoles)[number];

/** The roles that sign in with a phone number rather than an e-mail. */
export const unlocksByPhone = (role: UnlockRole): boolean => role === 'customer' || role === 'staff';

export const unlockSchema = z
  .object({ role: z.enum(unlockRoles), identifier: z.string() })
  .check(
    z.refine((v) => v.identifier.trim() !== '', { message: 'missingIdentifier', path: ['identifier'] }),
    z.refine((v) => !unlocksByPhone(v.role) || blank(v.identifier) || phoneDigitsPattern.test(phoneDigits(v.identifier)), {
      message: 'invalidPhone', path: ['identifier'],
    }),
    z.refine((v) => unlocksByPhone(v.role) || blank(v.identifier) || looksLikeEmail(v.identifier), {
      message: 'invalidEmail', path: ['identifier'],
    }),
  );
export type UnlockValues = z.infer<typeof unlockSchema>;

/** The identifier as the server keys the lock: "+91" and 10 digits, or the e-mail. */
export const unlockIdentifier = (values: UnlockValues): string =>
  unlocksByPhone(values.role) ? toPhoneNumber(phoneDigits(values.identifier)) : values.identifier.trim();
