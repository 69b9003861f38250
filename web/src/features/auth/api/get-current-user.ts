import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@common/api-types';
import { getQueryFn } from '@/lib/api-client';
import { currentUserQueryKey } from './fetch-current-user';

/** The signed-in user, or null when signed out (a 401 is not an error here). */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<MeResponse>({ on401: 'returnNull' }),
    retry: false,
  });
}
