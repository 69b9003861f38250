/**
 * Counter mode (docs/product.md#counter-mode): a phone or tablet standing on the counter shows the shop's
 * static code as large as the screen allows, the shop's name and the payments as they
 * arrive (heard through the counter's alerts), and keeps the screen on. Leaving needs the
 * PIN, which exchanges the counter's narrow session for a full one, so Escape,
 * a tap outside and the back button do nothing.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatIndiaTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import type { LedgerEventData } from '@common/schemas/events';
import type { LiveState } from '@/lib/use-ledger-events';
import { SoundUnlockBar } from '@/features/payment-alerts/public';
import { QrImage } from '@/features/qr-codes/public';
import { useCounterQr } from '../use-counter-qr';
import { useWakeLock } from '../use-wake-lock';
import { ExitCounterMode } from './exit-counter-mode';

interface CounterModeProps {
  shopName: string;
  /** The newest payments first, as the counter heard them. */
  payments: readonly LedgerEventData[];
  liveState: LiveState;
}

export function CounterMode({ shopName, payments, liveState }: CounterModeProps) {
  const { t } = useLingui();
  const [exiting, setExiting] = useState(false);
  const { code, failed } = useCounterQr();
  const qrSizePx = useQrSize();
  useWakeLock();
  useBackStaysHere();
  const offline = liveState === 'reconnecting' || liveState === 'paused';
  const stop = (event: Event) => event.preventDefault();
  return (
    <DialogPrimitive.Root open onOpenChange={() => {}}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onEscapeKeyDown={stop}
          onPointerDownOutside={stop}
          onInteractOutside={stop}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white text-slate-900 focus:outline-none dark:bg-slate-950 dark:text-slate-100"
        >
          <DialogPrimitive.Title className="sr-only"><Trans>Counter mode</Trans></DialogPrimitive.Title>
          <SoundUnlockBar />
          {/* The shop's name wraps, whole, however long it and the Exit label are in the language. */}
          <div className="flex items-start justify-between gap-3 px-4 pt-3">
            <div className="min-w-0 flex-1">
              <p className="text-2xl leading-tight font-bold [overflow-wrap:anywhere]">{shopName}</p>
              <ReconnectingNotice shown={offline} />
            </div>
            {!exiting && (
              <button
                type="button"
                onClick={() => setExiting(true)}
                className="max-w-[45%] shrink-0 rounded-xl px-3 py-2 text-end text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                <Trans>Exit counter mode</Trans>
              </button>
            )}
          </div>
          {exiting && (
            <div className="flex justify-center px-4 py-3">
              <ExitCounterMode onCancel={() => setExiting(false)} />
            </div>
          )}
          <div className="flex flex-1 flex-col items-center gap-6 p-4 landscape:flex-row landscape:items-start landscape:justify-center">
            <div className="flex flex-col items-center gap-2">
              {code ? (
                <QrImage data={code.qrData} sizePx={qrSizePx} label={t`Payment QR code for ${shopName}`} />
              ) : (
                <div
                  style={{ width: qrSizePx, height: qrSizePx }}
                  className="flex items-center justify-center rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                >
                  {failed ? t`Could not make the payment code. Trying again…` : t`Preparing the payment code…`}
                </div>
              )}
              <p className="text-lg font-medium"><Trans>Scan with Khata to pay</Trans></p>
            </div>
            <LatestPayments payments={payments} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

const noticeClasses = 'rounded-full px-2.5 py-0.5 text-sm font-medium [grid-area:1/1]';

/**
 * "Reconnecting…" under the shop's name while the stream is down. Its line is there while
 * the stream is live too, held by an invisible copy of the text in the same grid cell, so
 * the notice coming and going moves nothing under a finger: not Exit, not the code. The
 * live region is always in the page and empty while live, so screen readers announce it.
 */
function ReconnectingNotice({ shown }: { shown: boolean }) {
  const { t } = useLingui();
  const text = t`Reconnecting…`;
  return (
    <div className="mt-1 grid justify-items-start">
      <span aria-hidden="true" className={`${noticeClasses} invisible`}>{text}</span>
      <p
        role="status"
        className={shown ? `${noticeClasses} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200` : '[grid-area:1/1]'}
      >
        {shown ? text : ''}
      </p>
    </div>
  );
}

function LatestPayments({ payments }: { payments: readonly LedgerEventData[] }) {
  return (
    <section aria-labelledby="counter-payments-heading" className="w-full max-w-md">
      <h2 id="counter-payments-heading" className="mb-2 text-base font-semibold"><Trans>Latest payments</Trans></h2>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400"><Trans>Payments appear here as they arrive.</Trans></p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {payments.map((payment) => (
            <li key={payment.transactionId} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{payment.customerName}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{formatIndiaTime(payment.createdAt)}</p>
              </div>
              <p className="shrink-0 text-xl font-bold text-brand-700 dark:text-brand-500">{formatWireRupees(payment.amount)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The code's side in pixels: the screen's width on a phone, most of its height on a tablet on its side. */
function measureQrPx(): number {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const landscape = width > height * 1.1;
  const side = landscape ? Math.min(height - 140, width * 0.55) : Math.min(width - 48, height - 330);
  return Math.floor(Math.max(160, side));
}

function useQrSize(): number {
  const [size, setSize] = useState(measureQrPx);
  useEffect(() => {
    const onResize = () => setSize(measureQrPx());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * The back button (or a phone's back gesture) would leave the app: a history entry of the
 * same address is added, and put back each time it is used. It stays after the exit, harmless.
 */
function useBackStaysHere() {
  useEffect(() => {
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);
}
