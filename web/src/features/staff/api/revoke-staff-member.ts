import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { refreshStaff, refreshStaffAfterRefusal } from '@/features/staff/api/get-staff';

/**
 * Removes a person from the shop: the server ends their sessions at once and their open
 * screens sign out; what they did stays theirs in the history and the audit log.
 */
export function useRevokeStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => request('POST /api/business/staff/:id/revoke', { params: { id: memberId } }),
    onSuccess: () => refreshStaff(queryClient),
    onError: (error) => refreshStaffAfterRefusal(queryClient, error),
  });
}
