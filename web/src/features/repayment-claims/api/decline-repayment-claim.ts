import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Refuses a customer's claim with a reason they will read; what is owed is unchanged. */
export function useDeclineClaim() {
  return useMutation({
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) =>
      request('POST /api/business/repayment-claims/:id/decline', { params: { id: claimId }, body: { reason } }),
    meta: { changed: 'claim-declined' },
  });
}
