/**
 * The receipt as other features open it: the sheet's code downloads on the first tap, so
 * the history and the payment screen do not carry it, and a frame with a spinner shows meanwhile.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TransactionView } from '@common/api/types';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { withAllTexts } from '@/i18n/home-texts';

export const loadReceiptSheet = () => import('./receipt-sheet');
const ReceiptSheet = lazy(withAllTexts(() => loadReceiptSheet().then((m) => ({ default: m.ReceiptSheet }))));

interface LazyReceiptSheetProps {
  /** The ledger row whose receipt is open, or null when none is. */
  transactionId: string | null;
  onClose: () => void;
  /** The opener's buttons for the row, under its figures (the customer's "Report a problem"). */
  actions?: (transaction: TransactionView) => ReactNode;
}

export function LazyReceiptSheet({ transactionId, onClose, actions }: LazyReceiptSheetProps) {
  const { t } = useLingui();
  if (transactionId === null) return null;
  return (
    <Suspense fallback={<LoadingSheet label={t`Loading receipt`} />}>
      <ReceiptSheet
        transactionId={transactionId}
        open
        actions={actions}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      />
    </Suspense>
  );
}
