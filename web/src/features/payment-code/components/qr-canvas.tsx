import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { loadQrCode } from '@/lib/qr-code';

interface QrCanvasProps {
  data: string;
  widthPx: number;
  label: string;
}

/** Draws `data` as a QR code on a canvas `widthPx` wide. */
export function QrCanvas({ data, widthPx, label }: QrCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    loadQrCode()
      .then((qrCode) => {
        if (!cancelled && canvasRef.current) {
          return qrCode.toCanvas(canvasRef.current, data, { width: widthPx, margin: 1 });
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [data, widthPx]);

  if (failed) {
    return (
      <p role="alert" className="flex aspect-square w-full max-w-[280px] items-center justify-center rounded-2xl bg-slate-100 p-6 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Trans>The code could not be drawn. Share your Payment ID instead.</Trans>
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
      className="rounded-2xl bg-white"
    />
  );
}
