/**
 * The app's query client: lib/query-client.ts's defaults, with the map of what each change
 * makes stale; its answers also keep the signed-in person's figures for offline.
 */
import { currentUserQuery } from '@/features/auth/api/fetch-current-user';
import { createQueryClient } from '@/lib/query-client';
import { watchOfflineView } from './offline-view-writer';
import { staleAfterMutations } from './stale-queries';

export function createAppQueryClient() {
  const client = createQueryClient(staleAfterMutations);
  // The current user is set by hand from start-up's answer (full-app.tsx) and asked again
  // after a sign-in or a session switch, perhaps before any screen observes it: its key
  // carries its query function, so asking again always has one.
  client.setQueryDefaults(currentUserQuery.queryKey, { queryFn: currentUserQuery.queryFn });
  return client;
}

export const queryClient = createAppQueryClient();
watchOfflineView(queryClient);
