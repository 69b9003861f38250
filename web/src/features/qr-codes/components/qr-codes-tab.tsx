import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { QrCodeGrid } from './qr-code-grid';

interface QrCodesTabProps {
  approved: boolean;
  onGenerate: () => void;
}

/** QR Codes (docs/product.md#merchant-app): generation once approved, and the codes still payable. */
export function QrCodesTab({ approved, onGenerate }: QrCodesTabProps) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Button size="lg" disabled={!approved} onClick={onGenerate}>
          <Trans>Generate New QR Code</Trans>
        </Button>
        {!approved && (
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">
            <Trans>QR code generation is available after admin approval.</Trans>
          </p>
        )}
      </div>
      <QrCodeGrid title={t`Active QR Codes`} headingId="active-qr-codes-heading" />
    </div>
  );
}
