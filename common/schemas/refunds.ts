/**
 * Request bodies of refunds, reversals and payment reports (docs/product.md#refunds-and-reports;
 * docs/api.md). A refund names the goods amount; the fee share follows on the server.
 */
import * as z from 'zod/mini';
import { refundReasonLengthMax, reportNoteLengthMax } from '../limits';
import { refusal } from './messages';
import { positiveAmount } from './money';
import { paymentReportReasons, paymentReportStatuses } from './statuses';
import { withoutBidiControls } from './text';

/** A merchant's reason, which the customer reads on their statement. */
const reason = z.string(refusal('reason_required')).check(
  z.trim(),
  z.minLength(1, refusal('reason_required')),
  z.maxLength(refundReasonLengthMax, refusal('reason_required')),
  withoutBidiControls(),
);

const pin = z.string(refusal('pin_format')).check(z.regex(/^\d{4}$/, refusal('pin_format')));

export const refundBody = z.object({
  amount: positiveAmount(refusal('refund_amount_format')),
  reason,
  pin,
  /** The customer's report this refund answers, if any. */
  reportId: z.optional(z.nullable(z.uuid(refusal('report_id_invalid')))),
});

export const reversalBody = z.object({ reason, pin });

export const reportBody = z.object({
  reason: z.enum(paymentReportReasons, refusal('report_reason_invalid')),
  note: z.optional(z.nullable(z.string(refusal('report_note_too_long')).check(
    z.trim(), z.maxLength(reportNoteLengthMax, refusal('report_note_too_long')), withoutBidiControls(),
  ))),
  /** "Not me" only: sign out everywhere and refuse payments until the PIN is reset. */
  freeze: z.optional(z.boolean(refusal('freeze_needs_not_me'))),
}).check(
  z.refine((body) => body.reason !== 'other' || (body.note ?? '').length > 0,
    { message: refusal('report_note_required'), path: ['note'] }),
  z.refine((body) => !body.freeze || body.reason === 'not_me', { message: refusal('freeze_needs_not_me'), path: ['freeze'] }),
);

export const declineReportBody = z.object({ reason });

/** `GET /api/business/payment-reports?status=`: open by default. */
export const reportsQuery = z.object({
  status: z.optional(z.enum([...paymentReportStatuses, 'all'], refusal('report_status_invalid'))),
});

export type RefundBody = z.infer<typeof refundBody>;
export type ReversalBody = z.infer<typeof reversalBody>;
export type ReportBody = z.infer<typeof reportBody>;
export type DeclineReportBody = z.infer<typeof declineReportBody>;
export type ReportsQuery = z.infer<typeof reportsQuery>;
