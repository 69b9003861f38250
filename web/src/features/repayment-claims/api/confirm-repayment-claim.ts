import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** A claim to confirm; without an amount, the claimed one, else a smaller one in rupees (120.5). */
export type ConfirmClaimRequest = { claimId: string } & Input<'POST /api/business/repayment-claims/:id/confirm'>['body'];

/** Turns a customer's claim into a repayment on the ledger. */
export function useConfirmClaim() {
  return useMutation({
    mutationFn: ({ claimId, amount }: ConfirmClaimRequest) =>
      request('POST /api/business/repayment-claims/:id/confirm', {
        params: { id: claimId }, body: amount === undefined ? {} : { amount },
      }),
    // Refused as already decided or not, the claims are refetched, without waiting: the
    // refetch removes the claim's card, and the caller's toast must come first.
    meta: { changed: 'claim-confirmed' },
  });
}
