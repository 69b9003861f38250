import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export interface RefundPaymentInput {
  paymentId: string;
  /** What the refund sends: the goods amount ("250.00"), the reason, the PIN and the report it answers. */
  body: Input<'POST /api/business/transactions/:id/refund'>['body'];
  /** One per opening of the refund dialog: sent again, the same refund is answered, never made twice. */
  idempotencyKey: string;
}

/**
 * Refunds part or all of a payment (docs/product.md#refunds-and-reports): what the customer
 * owes falls by the refund and its share of the fee.
 */
export function useRefundPayment() {
  return useMutation({
    mutationFn: ({ paymentId, body, idempotencyKey }: RefundPaymentInput) =>
      request('POST /api/business/transactions/:id/refund', { params: { id: paymentId }, body }, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    meta: { changed: 'refund-made' },
  });
}
