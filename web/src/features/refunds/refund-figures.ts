/**
 * What a refund dialog works from and shows before anything is sent: the payment's figures,
 * what is left to refund, and the fee that goes back with a refund (common/money.ts's
 * refundFeeShare, the ledger's own rule). The server computes the same again and decides.
 */
import type { TransactionView } from '@common/api/types';
import { paise, parseRupees, refundFeeShare, toWireAmount, type Paise } from '@common/money';

/** The payment a refund returns, from its History or statement row or from its customer's report. */
export interface RefundTarget {
  paymentId: string;
  customerName: string;
  /** The payment's goods amount and its fee, wire strings. */
  amount: string;
  fee: string;
  /** What is left to refund of the goods amount, a wire string. */
  refundable: string;
  /** The fee shares earlier refunds gave back, a wire string: the last refund takes the rest of the fee. */
  refundedFee: string;
  /** The customer's report this refund answers, if any. */
  reportId?: string | null;
}

/**
 * The fields of a ledger row the refund and reversal actions read: a TransactionView has them
 * all; a statement's row has no report.
 */
export type ActionableRow = Pick<
  TransactionView, 'id' | 'type' | 'amount' | 'fee' | 'refunded' | 'refundedFee' | 'refundableUntil' | 'reversibleUntil' | 'customerName'
> & Partial<Pick<TransactionView, 'report'>>;

const paiseOf = (wire: string): Paise => parseRupees(wire) ?? paise(0);

/**
 * A payment's row as a refund's target: what is left to refund is its amount less what was
 * refunded. A refund of a payment its customer reported answers the open report, as from the
 * dashboard's card, so the report does not stay open behind it.
 */
export const refundTargetOf = (payment: ActionableRow): RefundTarget => ({
  paymentId: payment.id,
  customerName: payment.customerName,
  amount: payment.amount,
  fee: payment.fee,
  refundable: toWireAmount(paise(Math.max(0, paiseOf(payment.amount) - paiseOf(payment.refunded)))),
  refundedFee: payment.refundedFee,
  reportId: payment.report?.status === 'open' ? payment.report.id : null,
});

export interface RefundFigures {
  /** The payment's fee that goes back with the refund. */
  feePaise: Paise;
  /** How much less the customer owes after it: the refund and its fee share. */
  owedLessPaise: Paise;
}

/**
 * The fee returned with a refund of `refundPaise` and what the customer then owes less;
 * null for an amount that cannot be refunded (nothing, or more than is left). The server
 * computes the same when it books the refund.
 */
export function refundFigures(target: RefundTarget, refundPaise: Paise): RefundFigures | null {
  const amountPaise = paiseOf(target.amount);
  const feePaise = paiseOf(target.fee);
  const refundablePaise = paiseOf(target.refundable);
  if (refundPaise <= 0 || refundPaise > refundablePaise || amountPaise <= 0) return null;
  const refundedPaise = paise(amountPaise - refundablePaise);
  const refundedFeePaise = paiseOf(target.refundedFee);
  const share = refundFeeShare({ amountPaise, feePaise, refundedPaise, refundedFeePaise }, refundPaise);
  return { feePaise: share, owedLessPaise: paise(refundPaise + share) };
}

/** Whether an action's window (refundableUntil, reversibleUntil) is still open. */
export const isOpenUntil = (until: string | null, now = Date.now()): boolean => until !== null && Date.parse(until) > now;
