import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

/** Cash received from a customer: lowers what they owe (docs/product.md#credit-accounts). */
export function useRecordRepayment() {
  return useMutation({
    mutationFn: ({ accountId, ...body }: { accountId: string } & Input<'POST /api/business/credit-accounts/:id/repayment'>['body']) =>
      request('POST /api/business/credit-accounts/:id/repayment', { params: { id: accountId }, body }),
    meta: { changed: 'repayment-recorded' },
  });
}
