import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { activateUpdate, watchForUpdate } from '@/lib/service-worker-update';

/**
 * "A new version of Khata is ready" with a Reload button, once a new service worker waits
 * (docs/product.md#offline). Nothing reloads by itself: a customer may be halfway through a payment.
 */
export function UpdateBar() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => watchForUpdate(setWaiting), []);
  return (
    <div role="status" className={waiting ? 'fixed inset-x-4 bottom-24 z-50 mx-auto max-w-mobile' : 'sr-only'}>
      {waiting && (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-800">
          <span>
            <Trans>A new version of Khata is ready</Trans>
          </span>
          <Button onClick={() => activateUpdate(waiting)}>
            <Trans>Reload</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
