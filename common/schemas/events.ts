/**
 * The data of each event on GET /api/events (docs/api.md, "Events"): the server
 * writes values of these types, and the web parses each event with them on arrival,
 * ignoring one that does not fit. A field the server adds later is stripped, not refused,
 * so an older page still takes the event.
 */
import * as z from 'zod/mini';
import { ledgerEntryType } from './ledger';
import { businessStatus, paymentReportReason, paymentReportStatus, repaymentClaimStatus } from './statuses';

/** `event: ledger`, one per new ledger row; the row's id is also the event's id. Money as wire strings ("250.00"). */
export const ledgerEvent = z.object({
  transactionId: z.string(),
  type: ledgerEntryType,
  amount: z.string(),
  fee: z.string(),
  totalAmount: z.string(),
  customerName: z.string(),
  businessName: z.string(),
  createdAt: z.string(),
  /** A refund's payment, a reversal's repayment. */
  originalId: z.optional(z.nullable(z.string())),
});
export type LedgerEventData = z.output<typeof ledgerEvent>;

/** `event: business`, to a merchant, when an admin decides on the business. */
export const businessEvent = z.object({ status: businessStatus });
export type BusinessEventData = z.output<typeof businessEvent>;

/** `event: claim`, when a repayment claim is made (to its merchant) or decided (to both sides). */
export const claimEvent = z.object({
  claimId: z.string(),
  creditAccountId: z.string(),
  businessId: z.string(),
  status: repaymentClaimStatus,
  /** The claimed amount, a wire string. */
  amount: z.string(),
  customerName: z.string(),
  businessName: z.string(),
});
export type ClaimEventData = z.output<typeof claimEvent>;

/**
 * `event: report`, when a customer reports a payment (to its merchant) or the merchant answers
 * the report with a refund or a decline (to both sides).
 */
export const reportEvent = z.object({
  reportId: z.string(),
  transactionId: z.string(),
  businessId: z.string(),
  status: paymentReportStatus,
  reason: paymentReportReason,
  /** The customer froze their Khata with this report. */
  froze: z.boolean(),
  /** The reported payment's amount, a wire string. */
  amount: z.string(),
  customerName: z.string(),
  businessName: z.string(),
});
export type ReportEventData = z.output<typeof reportEvent>;

/**
 * `event: invitation`: to the invited customer (when the number is theirs) when a shop invites
 * them or cancels; to the merchant when the customer accepts or declines.
 */
export const invitationEvent = z.object({
  invitationId: z.string(),
  businessId: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
});
export type InvitationEventData = z.output<typeof invitationEvent>;

/**
 * `event: signed_out`, to every open stream of a session acting as a shop membership that an
 * owner just revoked: the stream closes after it, the session is already over, and the web
 * signs out.
 */
export const signedOutEvent = z.object({});
export type SignedOutEventData = z.output<typeof signedOutEvent>;
