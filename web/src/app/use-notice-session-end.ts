/**
 * Asks who is signed in again when a request answers 401 or the event stream is refused:
 * a session that has ended (expired, revoked, its PIN changed or reset elsewhere) then
 * answers null, and app.tsx says so: counter mode has ended, or the shop's person is
 * signed out and sent to the merchant's sign-in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { errorStatus } from '@/lib/api-client';

export function useNoticeSessionEnd(streamRefused: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    const onError = (error: unknown) => {
      if (errorStatus(error) === 401) recheck();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
  useEffect(() => {
    if (streamRefused) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
  }, [streamRefused, queryClient]);
}
