import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { signOutWaitMs } from '@common/limits';
import { errorStatus } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { isOffline } from '@/lib/connection';
import { forgetOfflineView } from '@/lib/offline-cache';
import { clearRuntimeCaches } from '@/lib/runtime-caches';
import { clearSessionToken, holdSignOut } from '@/lib/session';
import { toast } from '@/lib/toast-store';

/**
 * Ends the session on the server. Without a network it completes at once on the
 * phone: the sign-out is held (a flag, never the token), and the API client sends it before
 * any other request once the server can be reached, since the HttpOnly cookie still carries
 * the session until the server ends it. A 401 means the session had ended already. Rejects
 * only with an answer the server sent.
 */
export async function signOut(): Promise<void> {
  if (!isOffline()) {
    try {
      await request('POST /api/auth/logout', {}, { signal: AbortSignal.timeout(signOutWaitMs) });
      return;
    } catch (error) {
      if (errorStatus(error) === 401) return;
      // No answer in time, or a proxy's for a server it could not reach, is no network:
      // the API client has marked the app offline. A refusal the server sent stays one.
      if (!isOffline()) throw error;
    }
  }
  holdSignOut();
}

/**
 * What ending a session leaves on the phone: nothing. The token is forgotten, the cache
 * cleared, the figures kept for offline removed, and the service worker's run-time caches
 * too, so none added later can outlive the session; its precache holds only the public
 * build. A sign-out does it, and so does a session the server ended (a staff member revoked
 * while signed in).
 */
export function forgetSession(queryClient: QueryClient): Promise<void> {
  clearSessionToken();
  forgetOfflineView();
  queryClient.clear();
  return clearRuntimeCaches().catch(() => {});
}

/**
 * Signs out: on completion the session is forgotten (forgetSession) and the page reloaded
 * at `loginPath`; only a server that answers with an error leaves the person signed in,
 * with a toast that says so.
 */
export function useLogOut(loginPath: string) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const finish = () => {
    void forgetSession(queryClient).finally(() => window.location.assign(loginPath));
  };
  return useMutation({
    mutationFn: signOut,
    onSuccess: finish,
    onError: () => {
      toast({ variant: 'destructive', title: t`Logout Failed`, description: t`Please try again` });
    },
  });
}
