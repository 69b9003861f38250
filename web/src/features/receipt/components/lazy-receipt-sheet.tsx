/**
 * The receipt as other features open it: the sheet's code downloads on the first tap, so
 * the history and the payment screen do not carry it, and a frame with a spinner shows meanwhile.
 */
import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LoadingSheet } from '@/components/ui/loading-sheet';

export const loadReceiptSheet = () => import('./receipt-sheet');
const ReceiptSheet = lazy(() => loadReceiptSheet().then((m) => ({ default: m.ReceiptSheet })));

interface LazyReceiptSheetProps {
  /** The ledger row whose receipt is open, or null when none is. */
  transactionId: string | null;
  onClose: () => void;
}

export function LazyReceiptSheet({ transactionId, onClose }: LazyReceiptSheetProps) {
  const { t } = useLingui();
  if (transactionId === null) return null;
  return (
    <Suspense fallback={<LoadingSheet label={t`Loading receipt`} />}>
      <ReceiptSheet
        transactionId={transactionId}
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      />
    </Suspense>
  );
}
