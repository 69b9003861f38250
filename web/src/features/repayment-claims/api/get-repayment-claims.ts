import { useQuery } from '@tanstack/react-query';
import type { RepaymentClaim } from '@common/api-types';

/** The prefix of every claims query of the merchant: the live stream refetches them all. */
export const businessClaimsUrl = '/api/business/repayment-claims';
export const pendingClaimsQueryKey = [`${businessClaimsUrl}?status=pending`] as const;

/** The customers' repayment claims waiting for this merchant's answer, newest first (issue 16). */
export function usePendingClaims({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<{ claims: RepaymentClaim[] }>({ queryKey: pendingClaimsQueryKey, enabled });
}
