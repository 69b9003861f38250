import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorStatus } from '@/lib/api-client';
import { clearRuntimeCaches } from '@/lib/runtime-caches';
import { clearSessionToken } from '@/lib/session';
import { toast } from '@/components/ui/toast-store';

/**
 * Ends the session (spec §7): on completion the token is forgotten, the cache cleared
 * and the page reloaded at `loginPath`. A 401 means the session had already ended, so
 * it counts as done rather than as a failure. The service worker's run-time caches go
 * too (issue 14); its precache holds only the public build.
 */
export function useLogOut(loginPath: string) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const finish = () => {
    clearSessionToken();
    queryClient.clear();
    void clearRuntimeCaches().catch(() => {}).finally(() => window.location.assign(loginPath));
  };
  return useMutation({
    mutationFn: () => apiRequest<{ success: true }>('POST', '/api/auth/logout'),
    onSuccess: finish,
    onError: (error) => {
      if (errorStatus(error) === 401) {
        finish();
        return;
      }
      toast({ variant: 'destructive', title: t`Logout Failed`, description: t`Please try again` });
    },
  });
}
