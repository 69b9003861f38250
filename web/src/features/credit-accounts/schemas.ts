/**
 * The merchant's credit account forms (docs/product.md#validation). Each problem is named by a key of
 * `messages.ts`; amounts are checked with the shared parser, never through a float, and
 * the server checks them again through common/schemas/credit.ts.
 */
import * as z from 'zod/mini';
import { parseRupees, toWireAmount, type Paise } from '@common/money';
import { isStatementDay } from '@common/schemas/statements';
import { languages } from '@common/languages';
import { toPhoneNumber } from '@/lib/format';
import { phoneDigitsPattern } from '@/lib/patterns';

/** A typed rupee amount greater than 0 with at most 2 decimals, in paise; else null. */
export function positivePaise(text: string): Paise | null {
  const value = parseRupees(text.trim());
  return value !== null && value > 0 ? value : null;
}

/** The wire form of a typed amount ("5000" → "5000.00"); call only after validation. */
export const wireAmount = (text: string): string => toWireAmount(positivePaise(text) ?? (0 as Paise));

const positiveAmount = (key: string) => z.string().check(z.refine((text) => positivePaise(text) !== null, key));

export const createAccountSchema = z.object({
  paymentHandle: z.string().check(z.trim(), z.minLength(1, 'handleRequired')),
  creditLimit: positiveAmount('invalidLimit'),
});
export type CreateAccountValues = z.infer<typeof createAccountSchema>;

/**
 * A customer added by name and phone, by invitation or at the counter (docs/product.md#invitations):
 * the 10 digits after +91, the limit, and the language their SMS is written in.
 */
export const newCustomerSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'nameRequired')),
  phone: z.string().check(z.regex(phoneDigitsPattern, 'invalidPhone')),
  creditLimit: positiveAmount('invalidLimit'),
  language: z.enum(languages),
});
export type NewCustomerValues = z.infer<typeof newCustomerSchema>;

/** What an invitation or a counter sign-up sends, for valid values. */
export const toNewCustomerBody = (values: NewCustomerValues) => ({
  name: values.name.trim(),
  phoneNumber: toPhoneNumber(values.phone),
  creditLimit: wireAmount(values.creditLimit),
  language: values.language,
});

export const changeLimitSchema = z.object({ creditLimit: positiveAmount('invalidLimit') });
export type ChangeLimitValues = z.infer<typeof changeLimitSchema>;

/** A repayment is more than 0 and at most what the customer owes (`owedPaise`). */
export const repaymentSchema = (owedPaise: Paise) =>
  z.object({
    amount: positiveAmount('invalidAmount').check(
      z.refine((text) => (positivePaise(text) ?? 0) <= owedPaise, 'aboveOwed'),
    ),
  });
export type RepaymentValues = z.infer<ReturnType<typeof repaymentSchema>>;

/** A new due date (docs/product.md#dues-and-reminders): a real YYYY-MM-DD from `range.min` to `range.max`. */
export const dueDateSchema = (range: { min: string; max: string }) =>
  z.object({
    dueOn: z.string().check(
      z.minLength(1, 'dueDateRequired'),
      z.refine((day) => day === '' || (isStatementDay(day) && day >= range.min && day <= range.max), 'dueDateOutOfRange'),
    ),
  });
export type DueDateValues = z.infer<ReturnType<typeof dueDateSchema>>;

/** What a customer's payment code carries: JSON with a string paymentHandle (docs/product.md#customer-app). */
export interface ScannedCustomer {
  paymentHandle: string;
  name: string | null;
}

/** Reads a scanned customer code; null when it is not JSON with a paymentHandle. */
export function parseCustomerQr(text: string): ScannedCustomer | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const { paymentHandle, name } = data as Record<string, unknown>;
  if (typeof paymentHandle !== 'string' || !paymentHandle.trim()) return null;
  return { paymentHandle: paymentHandle.trim(), name: typeof name === 'string' && name.trim() ? name.trim() : null };
}
