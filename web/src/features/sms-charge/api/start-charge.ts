import { useMutation } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';

export interface StartChargeInput {
  accountId: string;
  /** The goods amount ("250.00") and the optional note both sides read on the ledger row. */
  body: Input<'POST /api/business/credit-accounts/:id/charges'>['body'];
}

/**
 * Starts a purchase the customer approves by SMS code (docs/product.md#sms-approval): the
 * server texts the customer the amount, the fee and a code; nothing is charged yet.
 */
export function useStartCharge() {
  return useMutation({
    mutationFn: ({ accountId, body }: StartChargeInput) =>
      request('POST /api/business/credit-accounts/:id/charges', { params: { id: accountId }, body }),
  });
}
