/**
 * The whole app with its query client, as app/boot.tsx hands over to it. The current
 * user boot.tsx already asked for goes into the cache, so it is not asked for twice.
 */
import { useEffect } from 'react';
import type { MeResponse } from '@common/api/types';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { loadAllTexts } from '@/i18n/home-texts';
import { currentLanguage } from '@/i18n/i18n';
import { loadErrorMessages } from '@/lib/api-client';
import { afterUsable } from '@/lib/after-usable';
import { queryClient } from './query-client';
import { App } from './app';
import { AppProviders } from './providers';
import { UpdateBar } from './update-bar';

interface FullAppProps {
  /** The current user (null signed out) as start-up found it; undefined to ask again. */
  me: MeResponse | null | undefined;
}

const loadTheOtherTexts = () => void loadAllTexts().catch(() => {});
/** In Hindi or Tamil, the server's refusals' texts (lib/api-client.ts; main.tsx loads them for the login screen). */
const loadErrorTexts = () => {
  if (currentLanguage() !== 'en') void loadErrorMessages().catch(() => {});
};

export function FullApp({ me }: FullAppProps) {
  // A signed-in start has only its home's texts (i18n/home-texts.ts): the rest come once
  // the home is usable, or at the first touch or key, beside the code of what it opens.
  useEffect(() => afterUsable(() => {
    loadTheOtherTexts();
    loadErrorTexts();
  }), []);
  if (me !== undefined && queryClient.getQueryState(currentUserQueryKey) === undefined) {
    queryClient.setQueryData(currentUserQueryKey, me);
  }
  return (
    <AppProviders client={queryClient}>
      {/* Above every screen, what cannot be done offline, and a new version's prompt. */}
      <div className="contents" onPointerDownCapture={loadTheOtherTexts} onKeyDownCapture={loadTheOtherTexts}>
        <OfflineBanner />
        <App />
        <UpdateBar />
      </div>
    </AppProviders>
  );
}
