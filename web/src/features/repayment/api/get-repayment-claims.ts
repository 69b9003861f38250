import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/**
 * Every claims query starts with this, so a claim's news on the events stream (a merchant
 * confirming or declining, lib/use-ledger-events.ts) refreshes the list on screen.
 */
export const repaymentClaimsQueryPrefix = '/api/credit-accounts/repayment-claims';

export const repaymentClaimsQueryKey = (accountId: string) => [repaymentClaimsQueryPrefix, accountId] as const;

/** The customer's repayment claims on one credit account, newest first. */
export function useRepaymentClaims(accountId: string) {
  return useQuery({
    queryKey: repaymentClaimsQueryKey(accountId),
    queryFn: () =>
      request('GET /api/credit-accounts/:id/repayment-claims', { params: { id: accountId } }).then((answer) => answer.claims),
  });
}
