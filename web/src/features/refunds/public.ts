/**
 * What others may use of refunds: a ledger row's Refund and Reverse buttons, and the refund
 * dialog itself (loaded on first use) for a payment named otherwise, as a customer's report.
 */
export { RowActions } from './components/row-actions';
export { LazyRefundDialog } from './components/lazy-dialogs';
export { refundTargetOf } from './refund-figures';
export type { ActionableRow, RefundTarget } from './refund-figures';
