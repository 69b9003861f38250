import { QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useLocation } from 'wouter';
import type { SessionResponse } from '@common/api/types';
import { setSessionToken } from '@/lib/session';
import { currentUserQueryKey } from './api/fetch-current-user';

/**
 * Hands the signed-out /cust, which starts alone without the query layer (app/boot.tsx),
 * over to the whole app: called once a sign-in completes, and before a link leaves /cust
 * for another sign-in. Inside the whole app it does nothing.
 */
export const HandOverToApp = createContext<() => void>(() => {});

/**
 * What every successful login and registration does (docs/product.md#sign-in-and-registration): keep the session
 * token, refetch the current user, then go to "/". Without a query client above (the
 * signed-out /cust), there is no current user to refetch: the app that takes over asks.
 */
export function useCompleteSignIn() {
  const queryClient = useContext(QueryClientContext);
  const handOver = useContext(HandOverToApp);
  const [, navigate] = useLocation();
  return async (session: SessionResponse) => {
    setSessionToken(session.sessionToken);
    await queryClient?.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    navigate('/');
    handOver();
  };
}
