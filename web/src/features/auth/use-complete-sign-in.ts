import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { SessionResponse } from '@common/api-types';
import { setSessionToken } from '@/lib/session';
import { currentUserQueryKey } from './api/get-current-user';

/**
 * What every successful login and registration does (spec §2, §4): keep the session
 * token, refetch the current user, then go to "/".
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (session: SessionResponse) => {
    setSessionToken(session.sessionToken);
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    navigate('/');
  };
}
