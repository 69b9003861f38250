import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { refreshStaff, refreshStaffAfterRefusal } from '@/features/staff/api/get-staff';

/**
 * Invites a person by phone with a role (and a cashier's or manager's limits): the server
 * texts them the invitation; they accept it with an OTP on the merchant sign-in screen.
 */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input<'POST /api/business/staff/invitations'>['body']) => request('POST /api/business/staff/invitations', { body }),
    onSuccess: () => refreshStaff(queryClient),
    onError: (error) => refreshStaffAfterRefusal(queryClient, error),
  });
}
