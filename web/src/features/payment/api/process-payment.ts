import { useMutation } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { sendUntilOutcomeKnown, type ResendOptions } from '@/features/payment/resend-payment';

/** What a payment sends: the code, the PIN, and the amount (a rupee string) only for a static code. */
export type ProcessPaymentRequest = Input<'POST /api/payments/process'>['body'];

export interface ProcessPaymentInput {
  body: ProcessPaymentRequest;
  /** One per payment attempt; a retry of the same attempt sends the same key (docs/api.md). */
  idempotencyKey: string;
  /** While the outcome is unknown the same request is resent: until when, and who is told. */
  resend: ResendOptions;
}

export const processPaymentMutationKey = ['process-payment'] as const;

/**
 * Pays a merchant's QR code; afterwards the balances and the history are refetched.
 * The mutation stays pending while an unknown outcome is being checked, so the overlay stays
 * open until the customer is told what happened.
 */
export function useProcessPayment() {
  return useMutation({
    mutationKey: processPaymentMutationKey,
    mutationFn: ({ body, idempotencyKey, resend }: ProcessPaymentInput) =>
      sendUntilOutcomeKnown(
        () => request('POST /api/payments/process', { body }, { headers: { 'Idempotency-Key': idempotencyKey } }),
        resend,
      ),
    // The balances and the history, also after an unconfirmed outcome (app/stale-queries.ts).
    meta: { changed: 'payment-made' },
  });
}
