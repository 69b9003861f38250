import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { loadQrCode } from '@/lib/qr-code';

interface UpiQrProps {
  /** The text the code carries: the same `upi://pay` intent as the button's. */
  data: string;
  widthPx: number;
  label: string;
}

/** The UPI intent as a QR code that any UPI app scans, from another phone too. */
export function UpiQr({ data, widthPx, label }: UpiQrProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    loadQrCode()
      .then((qrCode) => {
        if (!cancelled && canvasRef.current) {
          return qrCode.toCanvas(canvasRef.current, data, { width: widthPx, margin: 1, errorCorrectionLevel: 'M' });
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [data, widthPx]);
  if (failed) {
    return (
      <p role="alert" className="rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Trans>The QR code could not be drawn. Use the button or the UPI ID.</Trans>
      </p>
    );
  }
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      width={widthPx}
      height={widthPx}
      style={{ width: widthPx, maxWidth: '100%', height: 'auto' }}
      className="mx-auto rounded-xl bg-white"
    />
  );
}
