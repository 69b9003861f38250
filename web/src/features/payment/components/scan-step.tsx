import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { qrPreviewChars } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { ScanMode } from '@/features/payment/use-scan-state';

// The camera code (and html5-qrcode under it) loads only when camera mode is shown.
const QrScanner = lazy(() =>
  import('@/features/scanner/public').then((m) => ({ default: m.QrScanner })),
);

interface ScanStepProps {
  mode: ScanMode;
  onModeChange: (mode: ScanMode) => void;
  qrData: string;
  onQrDataChange: (qrData: string) => void;
  /** Focuses the step when it shows, after the success screen's Done: its button is gone. */
  takeFocus?: boolean;
  /** The code the camera read or the customer paid last: passed over until the camera sees something else. */
  ignoreText?: string;
  /** A code read by the camera: stored, then validated. */
  onDetected: (qrData: string) => void;
  onContinue: () => void;
  validating: boolean;
}

/** Step 1 (docs/product.md#payments): scan with the camera or paste the code's text, then Continue. */
export function ScanStep({
  mode, onModeChange, takeFocus = false, ignoreText, qrData, onQrDataChange, onDetected, onContinue, validating,
}: ScanStepProps) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  // Only when it shows: focus stays where the customer puts it afterwards.
  useEffect(() => {
    if (takeFocus) form.current?.focus();
  }, []);
  const preview = qrData.trim();
  return (
    <form
      ref={form}
      noValidate
      aria-label={t`Scan QR code`}
      tabIndex={-1}
      className="space-y-4 focus:outline-none"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      {mode === 'camera' ? (
        <div>
          <p className="mb-3 text-sm text-slate-500 dark:text-slate-400"><Trans>Point your camera at the merchant's QR code.</Trans></p>
          <Suspense fallback={<Spinner label={t`Starting camera`} onDark className="aspect-square rounded-2xl bg-slate-900" />}>
            <QrScanner onDetected={onDetected} ignoreText={ignoreText} />
          </Suspense>
        </div>
      ) : (
        <div>
          <Label htmlFor="qr-data"><Trans>QR Code Data</Trans></Label>
          <Textarea
            id="qr-data"
            rows={4}
            value={qrData}
            onChange={(event) => onQrDataChange(event.target.value)}
            placeholder={t`Paste the payment link or code here`}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-sm"
          />
        </div>
      )}

      <Button
        variant="link"
        className="px-0"
        onClick={() => onModeChange(mode === 'camera' ? 'manual' : 'camera')}
      >
        {mode === 'camera' ? <Trans>Enter code manually</Trans> : <Trans>Use camera</Trans>}
      </Button>

      {preview && (
        <div aria-label={t`QR data preview`} role="group" className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800/70">
          <p className="text-xs font-medium text-slate-600 dark:text-slate-400"><Trans>QR data</Trans></p>
          <p className="mt-0.5 font-mono text-sm break-all">
            {preview.slice(0, qrPreviewChars)}
            {preview.length > qrPreviewChars && '…'}
          </p>
        </div>
      )}

      <Button type="submit" size="lg" disabled={validating} aria-busy={validating}>
        {validating ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
      </Button>
    </form>
  );
}
