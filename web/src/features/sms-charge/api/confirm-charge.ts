import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

export interface ConfirmChargeInput {
  chargeId: string;
  /** The code the customer read out. */
  code: string;
  /** One per code tried: sent again after a lost answer, the same outcome is answered, never a second payment. */
  idempotencyKey: string;
}

/** Charges the customer's Khata with the code they gave: the payment is made, or the code refused. */
export function useConfirmCharge() {
  return useMutation({
    mutationFn: ({ chargeId, code, idempotencyKey }: ConfirmChargeInput) =>
      request('POST /api/business/charges/:id/confirm', { params: { id: chargeId }, body: { code } }, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    meta: { changed: 'sms-charge-paid' },
  });
}
