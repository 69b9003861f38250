/**
 * The merchant's decline of a customer's report: a reason the customer reads. The problem is
 * a key; its words are in the catalogue below. The server checks it again (declineReportBody).
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { refundReasonLengthMax } from '@common/limits';
import type { IssueCatalogue } from '@/lib/form-issues';

export const declineReportSchema = z.object({
  reason: z.string().check(
    z.refine((text) => {
      const reason = text.trim();
      return reason.length > 0 && reason.length <= refundReasonLengthMax;
    }, 'reasonRequired'),
  ),
});
export type DeclineReportValues = z.infer<typeof declineReportSchema>;

export const declineReportIssues = () => {
  const max = refundReasonLengthMax;
  return {
    reasonRequired: { title: t`Reason required`, description: t`Give a reason of up to ${max} characters` },
  } satisfies IssueCatalogue<string>;
};
