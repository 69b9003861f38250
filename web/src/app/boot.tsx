/**
 * What runs first. A signed-out visitor of /cust, the first screen most people see, gets
 * the login screen with React and the router alone: TanStack Query, the other logins and
 * the signed-in apps load once they are needed (a sign-in, registration or reset opens
 * them, or any other path). Everyone else gets the whole app (full-app.tsx) at once.
 */
import { lazy, Suspense, useState } from 'react';
import { I18nProvider } from '@lingui/react';
import type { MeResponse } from '@common/api/types';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { HandOverToApp } from '@/features/auth/use-complete-sign-in';
import { i18n } from '@/i18n/i18n';
import { loadFullApp } from './load-full-app';
import { CustomerLogin } from './routes/customer-login';

const FullApp = lazy(() => loadFullApp().then((m) => ({ default: m.FullApp })));
const OfflineStart = lazy(() => import('./offline-start').then((m) => ({ default: m.OfflineStart })));
const preloadFullApp = () => void loadFullApp().catch(() => {});

/** Whether start-up can show the login screen without the whole app. */
export const startsSignedOutAtCust = (me: MeResponse | null) => me === null && window.location.pathname === '/cust';

/**
 * `startupMe`: the current user as start-up found it (main.tsx), null signed out;
 * `unreachable`: the question found no server, so who is signed in is not known yet.
 */
export function Boot({ startupMe, unreachable = false }: { startupMe: MeResponse | null; unreachable?: boolean }) {
  // What the whole app starts from, or null while the login screen stands alone. After a
  // sign-in there the start-up answer is stale (undefined): the whole app asks again.
  const [handOver, setHandOver] = useState<{ me: MeResponse | null | undefined } | null>(() =>
    startsSignedOutAtCust(startupMe) ? null : { me: startupMe },
  );
  // Until the server answers, the offline screen (docs/product.md#offline) stands in for either.
  const [waiting, setWaiting] = useState(unreachable);
  if (waiting) {
    const started = (me: MeResponse | null) => {
      setHandOver(startsSignedOutAtCust(me) ? null : { me });
      setWaiting(false);
    };
    return (
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<FullPageSpinner />}>
          <OfflineStart onAnswer={started} />
        </Suspense>
      </I18nProvider>
    );
  }
  if (handOver) {
    // The spinner speaks too ("Loading"), so the provider is above it; FullApp has its own.
    return (
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<FullPageSpinner />}>
          <FullApp me={handOver.me} />
        </Suspense>
      </I18nProvider>
    );
  }
  return (
    <I18nProvider i18n={i18n}>
      <HandOverToApp value={() => setHandOver({ me: undefined })}>
        {/* The first touch starts loading the whole app, which any next step needs. */}
        <div className="contents" onFocusCapture={preloadFullApp} onPointerDownCapture={preloadFullApp}>
          <CustomerLogin />
        </div>
        <Toaster />
      </HandOverToApp>
    </I18nProvider>
  );
}
