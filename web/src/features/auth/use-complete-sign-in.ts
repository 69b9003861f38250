import { QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useLocation } from 'wouter';
import type { SessionResponse } from '@common/api/types';
import { setSessionToken } from '@/lib/session';
import { currentUserQueryKey } from './api/fetch-current-user';

/**
 * Told when a sign-in has completed. The signed-out /cust starts without the query layer
 * (app/boot.tsx); it listens here to switch to the whole app once someone is signed in.
 */
export const SignedInListener = createContext<() => void>(() => {});

/**
 * What every successful login and registration does (docs/product.md#sign-in-and-registration): keep the session
 * token, refetch the current user, then go to "/". Without a query client above (the
 * signed-out /cust), there is no current user to refetch: the app that takes over asks.
 */
export function useCompleteSignIn() {
  const queryClient = useContext(QueryClientContext);
  const signedIn = useContext(SignedInListener);
  const [, navigate] = useLocation();
  return async (session: SessionResponse) => {
    setSessionToken(session.sessionToken);
    await queryClient?.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    navigate('/');
    signedIn();
  };
}
