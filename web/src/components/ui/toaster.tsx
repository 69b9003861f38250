/**
 * Mounts the toast area once the first toast is shown. Radix Toast and its layers load
 * then, not with the first screen; a toast shown while they load waits in the store
 * and appears as soon as they arrive.
 */
import { lazy, Suspense, useState } from 'react';
import { useCurrentToast } from '@/lib/toast-store';

export const loadToastArea = () => import('./toast-area');
const ToastArea = lazy(() => loadToastArea().then((m) => ({ default: m.ToastArea })));

export function Toaster() {
  const shown = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  // Once mounted the area stays, so a toast replacing another keeps Radix's viewport.
  if (shown && !needed) setNeeded(true);
  if (!needed && !shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
