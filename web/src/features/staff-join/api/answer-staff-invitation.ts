import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus, type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { staffInvitationsQueryKey } from './get-staff-invitations';

/**
 * A refusal as gone, no longer open or expired (404, 409, 410) means the list on screen is
 * behind: the shop cancelled it, it expired, or another device answered first.
 */
const listIsStale = (error: unknown) => [404, 409, 410].includes(errorStatus(error) ?? 0);

/**
 * Accepts a shop's invitation: the server makes the membership and answers with a session
 * acting for that shop, which the caller signs in with. A new staff account sends the PIN
 * it chose; an existing one keeps its own and sends none.
 */
export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & Input<'POST /api/staff/invitations/:id/accept'>['body']) =>
      request('POST /api/staff/invitations/:id/accept', { params: { id }, body }),
    onError: (error) => {
      if (listIsStale(error)) void queryClient.invalidateQueries({ queryKey: staffInvitationsQueryKey });
    },
  });
}

/** Declines a shop's invitation; it leaves the list, and the shop sees it declined. */
export function useDeclineStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('POST /api/staff/invitations/:id/decline', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(staffInvitationsQueryKey, (data) => data && {
        ...data,
        invitations: data.invitations.filter((invitation) => invitation.id !== id),
      });
    },
    onError: (error) => {
      if (listIsStale(error)) void queryClient.invalidateQueries({ queryKey: staffInvitationsQueryKey });
    },
  });
}
