import { Button } from '@/components/ui/button';
import { QrCodeGrid } from './qr-code-grid';

interface QrCodesTabProps {
  approved: boolean;
  onGenerate: () => void;
}

/** QR Codes (spec §2): generation once approved, and the codes still payable. */
export function QrCodesTab({ approved, onGenerate }: QrCodesTabProps) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Button size="lg" disabled={!approved} onClick={onGenerate}>
          Generate New QR Code
        </Button>
        {!approved && (
          <p className="text-center text-sm text-slate-500 dark:text-slate-400">
            QR code generation is available after admin approval.
          </p>
        )}
      </div>
      <QrCodeGrid title="Active QR Codes" headingId="active-qr-codes-heading" />
    </div>
  );
}
