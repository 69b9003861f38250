/**
 * The live camera scanner (docs/product.md#qr-codes). Starts by
 * itself once the cameras are listed, calls `onDetected` once with the first code it
 * reads and stops the camera; always releases the camera when unmounted. html5-qrcode
 * is fetched only when a scanner mounts.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { scannerMessages, type Camera, type ScannerProblem, type ScannerState } from '@/features/scanner/scanner-logic';
import { loadHtml5Qrcode, ScannerSession } from '@/features/scanner/scanner-session';
import { FlipCameraIcon } from '@/components/ui/icons';

export interface QrScannerProps {
  /** Called once with the text of the first code read; the camera is stopped by then. */
  onDetected: (text: string) => void;
  /** A code to pass over until the camera has seen something else (see ScannerSession). */
  ignoreText?: string;
  className?: string;
}

export function QrScanner({ onDetected, ignoreText, className = '' }: QrScannerProps) {
  const { t } = useLingui();
  const elementId = `qr-scanner-${useId().replace(/[^\w-]/g, '')}`;
  const [cameras, setCameras] = useState<readonly Camera[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [state, setState] = useState<ScannerState>('not-started');
  const [problem, setProblem] = useState<ScannerProblem | null>(null);
  const [detected, setDetected] = useState(false);
  const sessionRef = useRef<ScannerSession | null>(null);
  const onDetectedRef = useRef(onDetected);
  onDetectedRef.current = onDetected;
  const ignoreTextRef = useRef(ignoreText);

  useEffect(() => {
    const session = new ScannerSession(elementId, loadHtml5Qrcode, {
      onCameras: (list, index) => {
        setCameras(list);
        setActiveIndex(index);
      },
      onState: setState,
      onProblem: setProblem,
      onDetected: (text) => {
        setDetected(true);
        onDetectedRef.current(text);
      },
    }, ignoreTextRef.current ?? null);
    sessionRef.current = session;
    void session.open();

    // A hidden page holds the camera; paused is only entered from scanning.
    const onVisibility = () => void (document.hidden ? session.pause() : session.resume());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      sessionRef.current = null;
      void session.dispose();
    };
  }, [elementId]);

  const activeCamera = cameras[activeIndex];
  // A camera the browser gives no name is just "camera".
  const cameraLabel = activeCamera && (activeCamera.label || t`camera`);
  const starting = !problem && state === 'not-started' && !detected;

  return (
    <div className={`space-y-3 ${className}`} data-scanner-state={state}>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-slate-900">
        {/* html5-qrcode owns this element's children; React never renders into it. */}
        <div id={elementId} className="h-full w-full [&_video]:h-full [&_video]:w-full [&_video]:object-cover" />
        {starting && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-300"><Trans>Starting camera…</Trans></p>
        )}
        {detected && state === 'not-started' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/90 p-4 text-center">
            <p className="text-sm font-medium text-white"><Trans>QR code scanned</Trans></p>
            <Button
              variant="secondary"
              onClick={() => {
                setDetected(false);
                void sessionRef.current?.restart();
              }}
            >
              <Trans>Scan again</Trans>
            </Button>
          </div>
        )}
        {cameras.length > 1 && !detected && (
          <button
            type="button"
            aria-label={t`Flip camera`}
            title={cameraLabel ? t`Using ${cameraLabel}` : t`Flip camera`}
            onClick={() => void sessionRef.current?.flip()}
            className="absolute right-3 bottom-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white"
          >
            <FlipCameraIcon />
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-200">
          {scannerMessages[problem]}
        </p>
      )}
    </div>
  );
}
