import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { refreshStaff, refreshStaffAfterRefusal } from '@/features/staff/api/get-staff';

/** Withdraws an open staff invitation: the person can no longer accept it. */
export function useCancelStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => request('POST /api/business/staff/invitations/:id/cancel', { params: { id: invitationId } }),
    onSuccess: () => refreshStaff(queryClient),
    onError: (error) => refreshStaffAfterRefusal(queryClient, error),
  });
}
