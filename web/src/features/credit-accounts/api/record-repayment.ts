import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Cash received from a customer: lowers what they owe (docs/product.md#credit-accounts). */
export function useRecordRepayment() {
  return useMutation({
    mutationFn: ({ accountId, amount }: { accountId: string; amount: string }) =>
      request('POST /api/business/credit-accounts/:id/repayment', { params: { id: accountId }, body: { amount } }),
    meta: { changed: 'repayment-recorded' },
  });
}
