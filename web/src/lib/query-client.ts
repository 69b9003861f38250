import { QueryClient, MutationCache, type MutationCacheConfig } from '@tanstack/react-query';

/**
 * Data never goes stale by itself, no refetch on focus, no polling, no retries: what is
 * on screen is refetched when something changed (`afterMutations`, the app's map of what
 * each change makes stale) or when the live-update stream says so.
 */
export function createQueryClient(afterMutations: MutationCacheConfig = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache(afterMutations),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      // A change is sent when asked or not at all: TanStack Query would otherwise pause a
      // mutation while the browser is offline and send it when the network returns, a
      // payment charged later. Offline, the screens refuse before asking.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
