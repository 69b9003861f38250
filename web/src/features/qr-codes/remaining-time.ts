/** How long a QR code stays payable, as docs/product.md#qr-codes writes it: Expired, Xh Ym or Xm (translated). */
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/**
 * The time left until `expiresAt`, rounded up to whole minutes so a code never reads
 * "0m" while it can still be paid.
 */
export function formatRemaining(expiresAt: string | Date, now: Date | number): string {
  const leftMs = new Date(expiresAt).getTime() - new Date(now).getTime();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a marker the QR cards compare against; they show their own translated "Expired"
  if (!(leftMs > 0)) return 'Expired';
  const minutes = Math.ceil(leftMs / minuteMs);
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return hours > 0 ? t`${hours}h ${restMinutes}m` : t`${minutes}m`;
}

export const remainingTickMs = 30_000;

/**
 * The current time, read at every render and re-rendered every 30 seconds while mounted,
 * so a code that arrives between ticks is measured against the time it arrived.
 */
export function useNow(intervalMs = remainingTickMs): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTicks((ticks) => ticks + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return Date.now();
}
