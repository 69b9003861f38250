import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

export const customerInvitationsQuery = queryOptionsFor('GET /api/customer/invitations', {});
export const customerInvitationsQueryKey = customerInvitationsQuery.queryKey;

/** The shops offering the signed-in customer credit, still open (docs/product.md#invitations). */
export function useCustomerInvitations() {
  return useQuery(customerInvitationsQuery);
}
