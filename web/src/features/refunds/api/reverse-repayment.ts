import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export type ReverseRepaymentInput = { repaymentId: string } & Input<'POST /api/business/transactions/:id/reversal'>['body'];

/**
 * Reverses a cash repayment recorded by mistake (docs/product.md#refunds-and-reports): what
 * the customer owes rises back by its amount, even above the credit limit.
 */
export function useReverseRepayment() {
  return useMutation({
    mutationFn: ({ repaymentId, ...body }: ReverseRepaymentInput) =>
      request('POST /api/business/transactions/:id/reversal', { params: { id: repaymentId }, body }),
    meta: { changed: 'repayment-reversed' },
  });
}
