/**
 * The refund and reversal forms: an amount of goods to refund (at most what is left), a
 * reason the customer reads, and the merchant's PIN. Problems are keys; their words are in
 * the catalogues below. The server checks everything again (common/schemas/refunds.ts).
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { refundReasonLengthMax } from '@common/limits';
import { parseRupees, type Paise } from '@common/money';
import type { IssueCatalogue } from '@/lib/form-issues';
import { pinPattern } from '@/lib/patterns';

/** A typed amount above 0 with at most 2 decimals, in paise; else null. */
export const typedPaise = (text: string): Paise | null => {
  const value = parseRupees(text.trim());
  return value !== null && value > 0 ? value : null;
};

const reason = z.string().check(
  z.refine((text) => {
    const trimmed = text.trim();
    return trimmed.length > 0 && trimmed.length <= refundReasonLengthMax;
  }, 'reasonRequired'),
);
const pin = z.string().check(z.refine((text) => pinPattern.test(text), 'pinRequired'));

/** A refund is more than 0 and at most what is left to refund (`refundablePaise`). */
export const refundSchema = (refundablePaise: Paise) =>
  z.object({
    amount: z.string().check(
      z.refine((text) => typedPaise(text) !== null, 'invalidAmount'),
      z.refine((text) => (typedPaise(text) ?? 0) <= refundablePaise, 'aboveRefundable'),
    ),
    reason,
    pin,
  });
export type RefundValues = z.infer<ReturnType<typeof refundSchema>>;

export const reversalSchema = z.object({ reason, pin });
export type ReversalValues = z.infer<typeof reversalSchema>;

const reasonIssues = () => {
  const max = refundReasonLengthMax;
  return {
    reasonRequired: { title: t`Reason required`, description: t`Give a reason of up to ${max} characters` },
    pinRequired: { title: t`PIN Required`, description: t`PIN must be exactly 4 digits` },
  } satisfies IssueCatalogue<string>;
};

/** In the form's order: the amount, then the reason, then the PIN. */
export const refundIssues = (refundable: string) =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
    aboveRefundable: { title: t`Invalid Amount`, description: t`You can refund at most ${refundable} of this payment` },
    ...reasonIssues(),
  }) satisfies IssueCatalogue<string>;

export const reversalIssues = reasonIssues;
