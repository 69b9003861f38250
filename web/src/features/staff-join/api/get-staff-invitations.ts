import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/api-client';
import { queryOptionsFor } from '@/lib/api-request';

/** The open invitations of the phone an OTP proved, and whether it has a staff account already. */
export type StaffInvitations = Answer<'GET /api/staff/invitations'>;
export type StaffInvitation = StaffInvitations['invitations'][number];

const staffInvitations = queryOptionsFor('GET /api/staff/invitations', {});
export const staffInvitationsQueryKey = staffInvitations.queryKey;

/**
 * The shops inviting the verified phone to work there. Asked only once the OTP was
 * verified (the proof cookie names the phone), and afresh each time the list opens.
 */
export function useStaffInvitations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...staffInvitations, enabled, refetchOnMount: 'always' });
}
