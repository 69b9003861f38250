/**
 * The merchant's answers to a repayment claim: a smaller amount to confirm, a
 * reason to decline. Problems are keys; their words are in the catalogues below. The server
 * checks again, and alone knows what is owed now.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { claimDeclineReasonLengthMax } from '@common/limits';
import { parseRupees, toWireAmount, type Paise } from '@common/money';
import type { IssueCatalogue } from '@/lib/form-issues';

/** A typed amount above 0 with at most 2 decimals, in paise; else null. */
const typedPaise = (text: string): Paise | null => {
  const value = parseRupees(text.trim());
  return value !== null && value > 0 ? value : null;
};

/**
 * A valid typed amount as the request's rupee number ("120.50" → 120.5), as the contract
 * has it: a number with at most 2 decimals goes through JSON and back to paise exactly.
 */
export const typedRupees = (text: string): number => Number(toWireAmount(typedPaise(text) ?? (0 as Paise)));

export const smallerAmountSchema = (claimedPaise: number) =>
  z.object({
    amount: z.string().check(
      z.refine((text) => typedPaise(text) !== null, 'invalidAmount'),
      z.refine((text) => (typedPaise(text) ?? 0) <= claimedPaise, 'aboveClaimed'),
    ),
  });
export type SmallerAmountValues = z.infer<ReturnType<typeof smallerAmountSchema>>;

export const smallerAmountIssues = (claimed: string) =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
    aboveClaimed: { title: t`Invalid Amount`, description: t`You can confirm at most the claimed ${claimed}` },
  }) satisfies IssueCatalogue<string>;

export const declineSchema = z.object({
  reason: z.string().check(
    z.refine((text) => {
      const reason = text.trim();
      return reason.length > 0 && reason.length <= claimDeclineReasonLengthMax;
    }, 'reasonRequired'),
  ),
});
export type DeclineValues = z.infer<typeof declineSchema>;

export const declineIssues = () => {
  const max = claimDeclineReasonLengthMax;
  return {
    reasonRequired: { title: t`Reason required`, description: t`Give a reason of up to ${max} characters` },
  } satisfies IssueCatalogue<string>;
};
