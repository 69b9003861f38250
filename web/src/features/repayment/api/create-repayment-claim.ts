import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/**
 * "I have paid": tells the merchant of a UPI repayment. It changes nothing owed
 * until the merchant confirms it; the account's claims list shows it at once.
 */
export function useCreateRepaymentClaim() {
  return useMutation({
    // The amount in rupees (1249.9 for ₹1,249.90); the UPI reference only when given.
    mutationFn: ({ accountId, amount, upiReference }: { accountId: string } & Input<'POST /api/credit-accounts/:id/repayment-claims'>['body']) =>
      request('POST /api/credit-accounts/:id/repayment-claims', {
        params: { id: accountId }, body: upiReference ? { amount, upiReference } : { amount },
      }).then((answer) => answer.claim),
    meta: { changed: 'claim-made' },
  });
}
