/**
 * A QR code drawn on a canvas, for every screen that shows one (the customer's payment
 * code, the merchant's codes, the UPI pay-back code), with the `qrcode` library loaded on
 * first use (lib/qr-code.ts). A screen names the code and says what shows if it cannot be drawn.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loadQrCode } from '@/lib/qr-code';

interface QrCodeCanvasProps {
  /** The text the code carries. */
  data: string;
  widthPx: number;
  /** What a screen reader says for the code. */
  label: string;
  /** `fit`: at most `widthPx`, narrower in a narrower container; `fixed`: always `widthPx` square. */
  size: 'fit' | 'fixed';
  /** The canvas's corners and placement. */
  className: string;
  /** Shown instead when the code cannot be drawn (its library failed to load). */
  fallback: ReactNode;
}

export function QrCodeCanvas({ data, widthPx, label, size, className, fallback }: QrCodeCanvasProps) {
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
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [data, widthPx]);

  if (failed) return fallback;
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      width={widthPx}
      height={widthPx}
      style={size === 'fit' ? { width: widthPx, maxWidth: '100%', height: 'auto' } : { width: widthPx, height: widthPx }}
      className={className}
    />
  );
}
