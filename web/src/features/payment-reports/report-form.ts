/**
 * The customer's report of a payment as a form: a reason, a note (required with "Other") and,
 * with "Not me" only, the freeze. Problems are keys; their words are in the catalogue below.
 * The server checks the same rules again (common/schemas/refunds.ts).
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { paymentReportReasons } from '@common/schemas/statuses';
import { reportNoteLengthMax } from '@common/limits';
import type { IssueCatalogue } from '@/lib/form-issues';

export const reportSchema = z.object({
  // Empty until one is picked, so nothing is chosen for the customer.
  reason: z.union([z.literal(''), z.enum(paymentReportReasons)]),
  note: z.string().check(z.refine((text) => text.trim().length <= reportNoteLengthMax, 'noteTooLong')),
  freeze: z.boolean(),
}).check(
  z.refine((values) => values.reason !== '', { message: 'reasonRequired', path: ['reason'] }),
  z.refine((values) => values.reason !== 'other' || values.note.trim().length > 0, { message: 'noteRequired', path: ['note'] }),
);
export type ReportValues = z.infer<typeof reportSchema>;

export const reportIssues = () => {
  const max = reportNoteLengthMax;
  return {
    reasonRequired: { title: t`Choose what is wrong`, description: t`Pick the reason that fits best` },
    noteRequired: { title: t`Tell us what happened`, description: t`With Other, a few words are needed` },
    noteTooLong: { title: t`Too long`, description: t`Write at most ${max} characters` },
  } satisfies IssueCatalogue<string>;
};
