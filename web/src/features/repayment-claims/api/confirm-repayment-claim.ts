import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessCreditAccount, RepaymentClaim, TransactionView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { refreshCreditData } from '@/features/credit-accounts/api/refresh-credit-data';
import { businessClaimsUrl } from './get-repayment-claims';

export interface ConfirmClaimRequest {
  claimId: string;
  /** A smaller amount than claimed, in rupees (120.5); without it, the claimed amount. */
  amount?: number;
}

/** Turns a customer's claim into a repayment on the ledger (issue 16). */
export function useConfirmClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, amount }: ConfirmClaimRequest) =>
      apiRequest<{ claim: RepaymentClaim; transaction: TransactionView; creditAccount: BusinessCreditAccount }>(
        'POST', `${businessClaimsUrl}/${encodeURIComponent(claimId)}/confirm`, amount === undefined ? {} : { amount },
      ),
    // A claim refused as already decided is stale on screen too: refetch either way. Not
    // awaited: the refetch removes the claim's card, and the caller's toast must come first.
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(businessClaimsUrl) });
      void refreshCreditData(queryClient, { history: true });
    },
  });
}
