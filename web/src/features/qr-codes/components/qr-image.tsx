import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { loadQrCode } from '@/lib/qr-code';

interface QrImageProps {
  data: string;
  sizePx: number;
  label: string;
}

/** A QR code drawn on a canvas. */
export function QrImage({ data, sizePx, label }: QrImageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    loadQrCode()
      .then((QRCode) => {
        if (cancelled || !canvasRef.current) return;
        return QRCode.toCanvas(canvasRef.current, data, { width: sizePx, margin: 1, errorCorrectionLevel: 'M' });
      })
      .then(() => !cancelled && setFailed(false))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [data, sizePx]);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={label}
        style={{ width: sizePx, height: sizePx }}
        className="flex items-center justify-center rounded-lg bg-slate-100 p-2 text-center text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        <Trans>Could not draw the code</Trans>
      </div>
    );
  }
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      width={sizePx}
      height={sizePx}
      style={{ width: sizePx, height: sizePx }}
      className="rounded-lg bg-white"
    />
  );
}
