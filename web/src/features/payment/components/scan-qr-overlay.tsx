import { useLingui } from '@lingui/react/macro';
import { useIsMutating } from '@tanstack/react-query';
import { FullScreenDialog } from '@/components/ui/full-screen-dialog';
import { processPaymentMutationKey } from '@/features/payment/api/process-payment';
import { PaymentScreen } from './payment-screen';

interface ScanQrOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A code to validate as soon as the overlay opens (a /pay/<token> link). */
  initialQrData?: string;
}

/** "Scan QR Code": the full-screen overlay holding the payment screen (docs/product.md#customer-app). */
export function ScanQrOverlay({ open, onOpenChange, initialQrData }: ScanQrOverlayProps) {
  // A payment in flight keeps the overlay open, so its outcome is always shown.
  const paying = useIsMutating({ mutationKey: processPaymentMutationKey }) > 0;
  const { t } = useLingui();
  return (
    <FullScreenDialog open={open} onOpenChange={onOpenChange} title={t`Scan QR Code`} locked={paying}>
      <PaymentScreen initialQrData={initialQrData} />
    </FullScreenDialog>
  );
}
