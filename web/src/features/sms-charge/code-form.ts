/**
 * The code the customer reads out from their SMS: 6 digits, as the server checks it again
 * (common/schemas/invitations.ts). The problem is named by a key; its words are here.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api-client';
import type { IssueCatalogue } from '@/lib/form-issues';

/** The digits an SMS code has. */
export const smsCodeDigits = 6;

export const codeSchema = z.object({ code: z.string().check(z.regex(new RegExp(`^\\d{${smsCodeDigits}}$`), 'invalidCode')) });
export type CodeValues = z.infer<typeof codeSchema>;

export const codeIssues = () =>
  ({ invalidCode: { title: t`Invalid Code`, description: t`Enter the 6-digit code` } }) satisfies IssueCatalogue<string>;

/**
 * The refusals after which a code can never be used (too many wrong tries, expired, its
 * charge or sign-up gone): only a new code helps. Not a code already used: that payment or
 * account is made, and a new code would make it twice.
 */
const spentCodeKeys: readonly string[] = ['sms_code_void', 'sms_code_expired', 'charge_not_found', 'enrolment_not_found'];
export const isSpentCode = (error: unknown): boolean =>
  error instanceof ApiError && error.key !== null && spentCodeKeys.includes(error.key);
