import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/api-client';
import { queryOptionsFor } from '@/lib/api-request';

/** An invitation as the merchant's list shows it: what the merchant typed, its short link and its dates. */
export type Invitation = Answer<'GET /api/business/invitations'>['invitations'][number];

const businessInvitations = queryOptionsFor('GET /api/business/invitations', {});
export const businessInvitationsQueryKey = businessInvitations.queryKey;

/** The shop's invitations still open, newest first: each an Invited row of the customer list. */
export function useBusinessInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...businessInvitations, enabled });
}
