/**
 * Where a business's application, a customer's repayment claim and a payment report
 * stand: one definition for the database, the answers, the events and both sides' types.
 */
import * as z from 'zod/mini';

export const businessStatus = z.enum(['pending', 'approved', 'rejected']);
export type BusinessStatus = z.output<typeof businessStatus>;

export const repaymentClaimStatus = z.enum(['pending', 'confirmed', 'declined']);
export type RepaymentClaimStatus = z.output<typeof repaymentClaimStatus>;

/** What a customer says is wrong with a payment (docs/product.md#refunds-and-reports). */
export const paymentReportReasons = ['not_me', 'wrong_amount', 'goods_returned', 'other'] as const;
export const paymentReportReason = z.enum(paymentReportReasons);
export type PaymentReportReason = z.output<typeof paymentReportReason>;

/** Where a report stands: open until the merchant refunds or declines it. */
export const paymentReportStatuses = ['open', 'refunded', 'declined'] as const;
export const paymentReportStatus = z.enum(paymentReportStatuses);
export type PaymentReportStatus = z.output<typeof paymentReportStatus>;

/** Where an invitation by phone stands (docs/product.md#invitations); a pending one past its expiry is read as 'expired' and marked so when the shop invites the number again. */
export const invitationStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
/**
 * A staff invitation's state. A pending one past expires_at is expired when read; it is
 * stored 'expired' when the shop invites the number again (freeing the one open invitation
 * a shop may have for a number).
 */
export const staffInvitationStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;

/** Whether a person still works at a shop: a revoked membership stays, so their past actions keep their person. */
export const memberStatuses = ['active', 'revoked'] as const;

/** Where a code sent by SMS for consent stands: waiting, used once, or void after too many wrong tries. */
export const smsCodeStatuses = ['pending', 'used', 'void'] as const;
