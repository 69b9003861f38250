import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepaymentClaim } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { businessClaimsUrl } from './get-repayment-claims';

/** Refuses a customer's claim with a reason they will read; what is owed is unchanged (issue 16). */
export function useDeclineClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) =>
      apiRequest<{ claim: RepaymentClaim }>('POST', `${businessClaimsUrl}/${encodeURIComponent(claimId)}/decline`, { reason }),
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(businessClaimsUrl) }),
  });
}
