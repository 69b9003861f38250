import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepaymentClaim } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { repaymentClaimsQueryKey } from './get-repayment-claims';

export interface RepaymentClaimRequest {
  accountId: string;
  /** Rupees, as the body takes them (1249.9 for ₹1,249.90). */
  amount: number;
  /** The 12-digit UPI reference, when the customer gave one. */
  upiReference?: string;
}

/**
 * "I have paid" (issue 16): tells the merchant of a UPI repayment. It changes nothing owed
 * until the merchant confirms it; the account's claims list shows it at once.
 */
export function useCreateRepaymentClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, amount, upiReference }: RepaymentClaimRequest) =>
      apiRequest<{ claim: RepaymentClaim }>(
        'POST',
        `/api/credit-accounts/${encodeURIComponent(accountId)}/repayment-claims`,
        upiReference ? { amount, upiReference } : { amount },
      ).then((answer) => answer.claim),
    onSuccess: (_claim, { accountId }) => queryClient.invalidateQueries({ queryKey: repaymentClaimsQueryKey(accountId) }),
  });
}
