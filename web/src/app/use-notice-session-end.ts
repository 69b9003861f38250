/**
 * Asks who is signed in again when a request answers 401 or the event stream is refused:
 * a session that has ended (expired, revoked, its PIN changed or reset elsewhere) then
 * answers null, and app.tsx says so: counter mode has ended, or the shop's person is
 * signed out and sent to the merchant's sign-in. A refusal for the person's role, or for
 * no shop chosen, asks again too: an owner may have changed the role meanwhile, and the
 * screens follow the permissions the answer brings (the refusal itself is shown where it
 * happened, as any other).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { ApiError, errorStatus } from '@/lib/api-client';

/** The refusals that mean the current user's shop or role is not what the screens show. */
const shopChangedKeys: ReadonlySet<string> = new Set(['role_forbidden', 'shop_not_picked']);

export function useNoticeSessionEnd(streamRefused: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    const onError = (error: unknown) => {
      if (errorStatus(error) === 401 || (error instanceof ApiError && error.key !== null && shopChangedKeys.has(error.key))) recheck();
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
