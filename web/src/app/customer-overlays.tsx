/**
 * The customer's two overlays, loaded on first use to keep them out of the first
 * download: the payment screen (with the camera) and the payment code sheet (with the
 * QR drawing library). Once the home is usable (shows its data) they download in the
 * background (lib/after-usable.ts).
 */
import { lazy, Suspense, useEffect } from 'react';
import { afterUsable, useMarkUsable } from '@/lib/after-usable';
import { withAllTexts } from '@/i18n/home-texts';

export const loadScanQrOverlay = () => import('@/features/payment/components/scan-qr-overlay');
const ScanQrOverlay = lazy(withAllTexts(() => loadScanQrOverlay().then((m) => ({ default: m.ScanQrOverlay }))));
const loadPaymentCodeSheet = () => import('@/features/payment-code/components/payment-code-sheet');
const PaymentCodeSheet = lazy(withAllTexts(() => loadPaymentCodeSheet().then((m) => ({ default: m.PaymentCodeSheet }))));

/**
 * The home is usable once `ready` (its data is there): then both overlays, and whatever
 * else `alsoLoad` fetches (the app's other tab), are fetched when idle.
 */
export function usePreloadOverlays(ready: boolean, alsoLoad?: () => Promise<unknown>) {
  useMarkUsable(ready);
  useEffect(() => {
    if (!ready) return;
    return afterUsable(() => {
      void loadScanQrOverlay();
      void loadPaymentCodeSheet();
      void alsoLoad?.().catch(() => {});
    });
  }, [ready]);
}

export interface ScanState {
  open: boolean;
  /** A code to validate as soon as the overlay opens (a payment link). */
  qrData?: string;
  /** Each opening gets a fresh payment screen. */
  round: number;
}

interface CustomerOverlaysProps {
  scan: ScanState;
  onScanOpenChange: (open: boolean) => void;
  /** Whether the code sheet was ever opened (it stays mounted after, to animate closing). */
  codeWanted: boolean;
  codeOpen: boolean;
  onCodeOpenChange: (open: boolean) => void;
}

export function CustomerOverlays({ scan, onScanOpenChange, codeWanted, codeOpen, onCodeOpenChange }: CustomerOverlaysProps) {
  return (
    <>
      {(scan.open || scan.round > 0) && (
        <Suspense fallback={null}>
          <ScanQrOverlay key={scan.round} open={scan.open} onOpenChange={onScanOpenChange} initialQrData={scan.qrData} />
        </Suspense>
      )}
      {codeWanted && (
        <Suspense fallback={null}>
          <PaymentCodeSheet open={codeOpen} onOpenChange={onCodeOpenChange} />
        </Suspense>
      )}
    </>
  );
}
