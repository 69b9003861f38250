import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { request } from '@/lib/api-request';
import { staffShopsQueryKey } from './get-staff-shops';

/**
 * Sets the shop this staff session acts for; the answer is the current user with that
 * shop. What the session fetched for another shop leaves the cache (the shop list stays,
 * for switching again), and the app redraws for the new shop from the answer.
 */
export function usePickShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => request('POST /api/staff/shop', { body: { memberId } }),
    onSuccess: (me) => {
      const kept = [currentUserQueryKey[0], staffShopsQueryKey[0]];
      queryClient.removeQueries({ predicate: (query) => !kept.includes(String(query.queryKey[0])) });
      queryClient.setQueryData(currentUserQueryKey, me);
    },
  });
}
