/**
 * What start-up shows when the current-user question found no server (docs/product.md#offline): the app
 * shell came from the service worker's cache, but who is signed in is only known to the
 * server. The banner says so; the question is asked again on "Try again" and by itself as
 * soon as the connection store hears the server answer (lib/connection.ts probes it).
 * Below, the last known figures of the session this phone is signed in to, if the app kept
 * any (lib/offline-cache.ts), read-only; a counter shows the notice alone.
 */
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { MeResponse } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { Spinner } from '@/components/ui/spinner';
import { fetchCurrentUser } from '@/features/auth/api/fetch-current-user';
import { isCounterDevice } from '@/features/counter-mode/counter-device';
import { activate, currentLanguage } from '@/i18n/i18n';
import { isOffline, useOffline } from '@/lib/connection';
import { offlineViewOfStoredSession, type OfflineView as KeptFigures } from '@/lib/offline-cache';

/**
 * The figures' screen, with the rest of the language's texts (the `app` part, in the
 * service worker's precache like every chunk). Neither is needed unless figures were kept.
 * Should either fail to load, the notice stands alone rather than show message ids.
 */
const OfflineView = lazy(async (): Promise<{ default: ComponentType<{ view: KeptFigures }> }> => {
  try {
    const [module] = await Promise.all([import('./offline-view'), activate(currentLanguage(), ['app'])]);
    return { default: module.OfflineView };
  } catch {
    return { default: () => null };
  }
});

/** `onAnswer`: the current user (null signed out) once the server answered. */
export function OfflineStart({ onAnswer }: { onAnswer: (me: MeResponse | null) => void }) {
  const offline = useOffline();
  const [asking, setAsking] = useState(false);
  // Read once: a counter session never keeps any, and shows none left from before.
  const [view] = useState(() => (isCounterDevice() ? null : offlineViewOfStoredSession()));
  /** Set while a question is out or once answered: one at a time, one answer. */
  const busy = useRef(false);

  const ask = async () => {
    if (busy.current) return;
    busy.current = true;
    setAsking(true);
    try {
      onAnswer(await fetchCurrentUser());
    } catch {
      // Any failure but a missing server leaves the visitor signed out, as start-up does.
      if (!isOffline()) {
        onAnswer(null);
        return;
      }
      // Still no server: the banner stays.
      busy.current = false;
      setAsking(false);
    }
  };

  useEffect(() => {
    if (!offline) void ask();
    // Asks again each time the store turns online.
  }, [offline]);

  return (
    <div className="min-h-dvh">
      <OfflineBanner />
      <main className={`mx-auto flex max-w-mobile flex-col items-center gap-4 px-6 text-center ${view ? 'py-6' : 'py-16'}`}>
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>Khata will open by itself when the connection is back.</Trans>
        </p>
        <Button variant="secondary" disabled={asking} aria-busy={asking} onClick={() => void ask()}>
          <Trans>Try again</Trans>
        </Button>
        {view && (
          <Suspense fallback={<Spinner className="py-6" />}>
            <OfflineView view={view} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
