import { Trans } from '@lingui/react/macro';
import { QrCodeCanvas } from '@/components/ui/qr-code-canvas';

interface QrImageProps {
  data: string;
  sizePx: number;
  label: string;
}

/** A merchant's QR code at a fixed size; if it cannot be drawn, a box of that size says so. */
export function QrImage({ data, sizePx, label }: QrImageProps) {
  return (
    <QrCodeCanvas
      data={data}
      widthPx={sizePx}
      label={label}
      size="fixed"
      className="rounded-lg bg-white"
      fallback={
        <div
          role="img"
          aria-label={label}
          style={{ width: sizePx, height: sizePx }}
          className="flex items-center justify-center rounded-lg bg-slate-100 p-2 text-center text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        >
          <Trans>Could not draw the code</Trans>
        </div>
      }
    />
  );
}
