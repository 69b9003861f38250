import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor, urlOf } from '@/lib/api-request';

/** The prefix of every claims query of the merchant: the live stream refetches them all. */
export const businessClaimsUrl = urlOf('GET /api/business/repayment-claims', { query: {} });

const pendingClaims = queryOptionsFor('GET /api/business/repayment-claims', { query: { status: 'pending' } });
export const pendingClaimsQueryKey = pendingClaims.queryKey;

/** The customers' repayment claims waiting for this merchant's answer, newest first. */
export function usePendingClaims({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingClaims, enabled });
}
