import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { refreshStaff, refreshStaffAfterRefusal } from '@/features/staff/api/get-staff';

export type StaffChange = Input<'POST /api/business/staff/:id'>['body'];

/** Gives a person a new role, new limits, or both. */
export function useChangeStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, change }: { memberId: string; change: StaffChange }) =>
      request('POST /api/business/staff/:id', { params: { id: memberId }, body: change }),
    onSuccess: () => refreshStaff(queryClient),
    onError: (error) => refreshStaffAfterRefusal(queryClient, error),
  });
}
