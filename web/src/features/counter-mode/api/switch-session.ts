/**
 * Entering and leaving counter mode exchange one session for another: the
 * server sets the new cookie and revokes the old session; this side stores the new token
 * in place of the old one, forgets what the old session fetched, and asks who is signed
 * in now, which switches the app between the dashboard and the counter.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@common/api/types';
import { clearRuntimeCaches } from '@/lib/runtime-caches';
import { setSessionToken } from '@/lib/session';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { markCounterDevice } from '../counter-device';

export function useSwitchSession() {
  const queryClient = useQueryClient();
  return async (session: SessionResponse) => {
    setSessionToken(session.sessionToken);
    markCounterDevice(session.user.role === 'counter');
    // The dashboard's customers, phones and figures leave this browser's memory with the session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    void clearRuntimeCaches().catch(() => {});
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
  };
}
