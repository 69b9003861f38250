import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** Spec §9: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      // A change is sent when asked or not at all: TanStack Query would otherwise pause a
      // mutation while the browser is offline and send it when the network returns, a
      // payment charged later (issue 14). Offline, the screens refuse before asking.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
