import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
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
  /** False right after a payment: the camera starts again only when the customer asks. */
  cameraArmed: boolean;
  onArmCamera: () => void;
  /** The code the camera read last: passed over until the camera sees something else. */
  ignoreText?: string;
  /** A code read by the camera: stored, then validated. */
  onDetected: (qrData: string) => void;
  onContinue: () => void;
  validating: boolean;
}

/** Step 1 (docs/product.md#payments): scan with the camera or paste the code's text, then Continue. */
export function ScanStep({
  mode, onModeChange, cameraArmed, onArmCamera, ignoreText, qrData, onQrDataChange, onDetected, onContinue, validating,
}: ScanStepProps) {
  const { t } = useLingui();
  const preview = qrData.trim();
  return (
    <form
      noValidate
      aria-label={t`Scan QR code`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      {mode === 'camera' && !cameraArmed ? (
        <div className="rounded-2xl bg-slate-100 p-6 text-center dark:bg-slate-800/70">
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300"><Trans>Payment done. Ready for the next one?</Trans></p>
          {/* Shown only after a payment's Done: the focus goes on from there to here. */}
          <Button onClick={onArmCamera} autoFocus><Trans>Scan another code</Trans></Button>
        </div>
      ) : mode === 'camera' ? (
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
