import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/api-client';
import { queryOptionsFor } from '@/lib/api-request';

/** What an invitation's link says: the shop, the name and number invited, the limit and where it stands. */
export type InvitationLink = Answer<'GET /api/invitations/:code'>;

export const invitationLinkQuery = (code: string) => queryOptionsFor('GET /api/invitations/:code', { params: { code } });

/**
 * What an invitation's link offers and where it stands, asked afresh on each opening: the
 * shop may have withdrawn it, or the customer answered it elsewhere. A 404 is a code that
 * names no invitation.
 */
export function useInvitationLink(code: string) {
  return useQuery({ ...invitationLinkQuery(code), staleTime: 0, gcTime: 0 });
}
