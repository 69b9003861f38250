import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Withdraws an open invitation: its link stops offering the account. */
export function useCancelInvitation() {
  return useMutation({
    mutationFn: (invitationId: string) => request('POST /api/business/invitations/:id/cancel', { params: { id: invitationId } }),
    meta: { changed: 'invitation-cancelled' },
  });
}
