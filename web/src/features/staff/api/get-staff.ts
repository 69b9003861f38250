import { useQuery, type QueryClient } from '@tanstack/react-query';
import { errorStatus, type Answer } from '@/lib/api-client';
import { queryOptionsFor } from '@/lib/api-request';

/** A person at the shop, as the owner's Staff screen lists them: role, limits, today's use. */
export type StaffMember = Answer<'GET /api/business/staff'>['members'][number];
/** An invitation to work at the shop, with the role and limits it offers. */
export type StaffInvitation = Answer<'GET /api/business/staff'>['invitations'][number];

const staffQuery = queryOptionsFor('GET /api/business/staff', {});
export const staffQueryKey = staffQuery.queryKey;

/**
 * The shop's people and its invitations. Asked again on each opening: what each person has
 * used today changes with every cash entry, on any of the shop's phones.
 */
export function useStaff() {
  return useQuery({ ...staffQuery, refetchOnMount: 'always' });
}

/** The Staff screen is the one reader of this list, so its own changes refetch it. */
export const refreshStaff = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: staffQueryKey });

/**
 * A refusal as gone or taken (404, 409) means another phone changed the list first: it is
 * refetched too, so the screen shows what happened.
 */
export function refreshStaffAfterRefusal(queryClient: QueryClient, error: unknown): void {
  const status = errorStatus(error);
  if (status === 404 || status === 409) void refreshStaff(queryClient);
}
