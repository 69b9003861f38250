/**
 * What a ledger row says beyond its own figures, for a row nothing has happened to yet: not
 * a refund or a reversal, nothing refunded, not reversed, not reported, past every window,
 * written by nobody at the shop (a customer's own payment).
 * Spread into a test's TransactionView and override what the test is about.
 */
import type { TransactionView } from '@common/api/types';

export const untouchedRow = {
  originalId: null,
  reason: null,
  refunded: '0.00',
  refundedFee: '0.00',
  refundableUntil: null,
  reversibleUntil: null,
  reversed: false,
  report: null,
  bySmsCode: false,
  by: null,
} as const satisfies Partial<TransactionView>;
