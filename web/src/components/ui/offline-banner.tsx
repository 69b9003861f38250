import { useLingui } from '@lingui/react/macro';
import { useOffline } from '@/lib/connection';
import { OfflineFiguresTime } from './offline-figures-time';

/**
 * Says, while Khata cannot be reached, what cannot be done (docs/product.md#offline). Like
 * LiveUpdatesStatus, the live region is always in the page and empty while online, so
 * screen readers announce the text when it appears. Nothing waits to be sent meanwhile.
 * The screens keep what they showed; the banner says when it was read.
 */
export function OfflineBanner() {
  const { t } = useLingui();
  const offline = useOffline();
  return (
    <p
      role="status"
      className={offline
        ? 'sticky top-0 z-40 bg-slate-800 px-4 py-2 text-center text-sm font-medium text-white dark:bg-slate-700'
        : 'sr-only'}
    >
      {offline ? t`You're offline. Payments and new QR codes need a connection.` : ''}
      {offline && <OfflineFiguresTime />}
    </p>
  );
}
