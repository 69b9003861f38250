/**
 * The whole app with its query client, as app/boot.tsx hands over to it. The current
 * user boot.tsx already asked for goes into the cache, so it is not asked for twice.
 */
import type { MeResponse } from '@common/api/types';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { OfflineBanner } from '@/components/ui/offline-banner';
import { queryClient } from './query-client';
import { App } from './app';
import { AppProviders } from './providers';
import { UpdateBar } from './update-bar';

interface FullAppProps {
  /** The current user (null signed out) as start-up found it; undefined to ask again. */
  me: MeResponse | null | undefined;
}

export function FullApp({ me }: FullAppProps) {
  if (me !== undefined && queryClient.getQueryState(currentUserQueryKey) === undefined) {
    queryClient.setQueryData(currentUserQueryKey, me);
  }
  return (
    <AppProviders client={queryClient}>
      {/* Above every screen, what cannot be done offline, and a new version's prompt. */}
      <OfflineBanner />
      <App />
      <UpdateBar />
    </AppProviders>
  );
}
