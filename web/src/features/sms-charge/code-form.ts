/**
 * The code the customer reads out from their SMS: smsCodeDigits digits, as the server checks
 * it again (common/schemas/invitations.ts). The problem is named by a key; its words are here.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { smsCodeDigits } from '@common/limits';
import { ApiError } from '@/lib/api-client';
import type { IssueCatalogue } from '@/lib/form-issues';

export const codeSchema = z.object({ code: z.string().check(z.regex(new RegExp(`^\\d{${smsCodeDigits}}$`), 'invalidCode')) });
export type CodeValues = z.infer<typeof codeSchema>;

export const codeIssues = () => {
  const digits = smsCodeDigits;
  return { invalidCode: { title: t`Invalid Code`, description: t`Enter the ${digits}-digit code` } } satisfies IssueCatalogue<string>;
};

/**
 * The refusals after which a code can never be used (too many wrong tries, expired, its
 * charge or sign-up gone): only a new code helps. Not a code already used: that payment or
 * account is made, and a new code would make it twice.
 */
const spentCodeKeys: readonly string[] = ['sms_code_void', 'sms_code_expired', 'charge_not_found', 'enrolment_not_found'];
export const isSpentCode = (error: unknown): boolean =>
  error instanceof ApiError && error.key !== null && spentCodeKeys.includes(error.key);

/**
 * The refusal that says the code's charge or sign-up is made already: a code is marked used
 * only when its payment or account is, by some earlier Confirm of it.
 */
export const isUsedCode = (error: unknown): boolean => error instanceof ApiError && error.key === 'sms_code_used';
