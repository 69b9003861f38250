/**
 * A ledger row's buttons for its merchant: "Refund" on a payment with something left to
 * refund, "Reverse" on a cash repayment still reversible, each while its window is open
 * (refundableUntil, reversibleUntil, which the server sets). The History and the statement
 * put them on their rows.
 */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { isOpenUntil, refundTargetOf, type ActionableRow, type RefundTarget } from '@/features/refunds/refund-figures';
import { LazyRefundDialog, LazyReversalDialog, preloadDialogs } from './lazy-dialogs';
import type { ReversalTarget } from './reversal-dialog';

export function RowActions({ transaction }: { transaction: ActionableRow }) {
  // The figures as the dialog opened: a refetch behind it (this very refund) must not change them.
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [reversing, setReversing] = useState<ReversalTarget | null>(null);
  const refundable = transaction.type === 'payment' && isOpenUntil(transaction.refundableUntil);
  const reversible = transaction.type === 'repayment' && isOpenUntil(transaction.reversibleUntil);
  return (
    <>
      {refundable && (
        <Button variant="secondary" onPointerEnter={preloadDialogs} onFocus={preloadDialogs} onClick={() => setRefunding(refundTargetOf(transaction))}>
          <Trans>Refund</Trans>
        </Button>
      )}
      {reversible && (
        <Button
          variant="secondary"
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
          onClick={() => setReversing({ repaymentId: transaction.id, customerName: transaction.customerName, amount: transaction.amount })}
        >
          <Trans>Reverse</Trans>
        </Button>
      )}
      <LazyRefundDialog target={refunding} onClose={() => setRefunding(null)} />
      <LazyReversalDialog target={reversing} onClose={() => setReversing(null)} />
    </>
  );
}
