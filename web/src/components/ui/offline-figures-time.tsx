import { useLingui } from '@lingui/react/macro';
import { formatIndiaDateTime } from '@/lib/date-time';
import { useFiguresReadAt } from '@/lib/offline-cache';

/**
 * Under the offline banner of the open app, when the figures on its screen were read, the
 * oldest of them (lib/offline-cache.ts): they stay on screen and are not refreshed until the
 * connection is back. Nothing while none were kept or none is on screen (signed out, an
 * admin, a counter, the offline start, which dates its own), so its text lives in the `app`
 * part of the catalogue.
 */
export function OfflineFiguresTime() {
  const { t } = useLingui();
  const readAt = useFiguresReadAt();
  if (!readAt) return null;
  const time = formatIndiaDateTime(readAt);
  return <span className="block text-xs font-normal text-slate-200">{t`Balances and history as of ${time}`}</span>;
}
