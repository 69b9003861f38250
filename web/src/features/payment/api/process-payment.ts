import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { customerCreditAccountsQueryKey } from '@/features/customer-home/api/get-customer-credit-accounts';
import { customerTransactionsQueryKey } from '@/features/history/api/get-customer-transactions';
import { PaymentNotConfirmedError, sendUntilOutcomeKnown, type ResendOptions } from '@/features/payment/resend-payment';

/** The request body as sent (spec §7): the amount only for a static code, as "X.XX". */
export interface ProcessPaymentRequest {
  qrData: string;
  pin: string;
  amount?: string;
}

export interface ProcessPaymentInput {
  body: ProcessPaymentRequest;
  /** One per payment attempt; a retry of the same attempt sends the same key (design.md §6). */
  idempotencyKey: string;
  /** While the outcome is unknown the same request is resent (issue 12): until when, and who is told. */
  resend: ResendOptions;
}

export const processPaymentMutationKey = ['process-payment'] as const;

/**
 * Pays a merchant's QR code; afterwards the balances and the history are refetched (spec §7).
 * The mutation stays pending while an unknown outcome is being checked, so the overlay stays
 * open until the customer is told what happened.
 */
export function useProcessPayment() {
  const queryClient = useQueryClient();
  // Not awaited: the toast need not wait for the refetches.
  const refetchBalancesAndHistory = () => {
    void queryClient.invalidateQueries({ queryKey: customerCreditAccountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: customerTransactionsQueryKey });
  };
  return useMutation({
    mutationKey: processPaymentMutationKey,
    mutationFn: ({ body, idempotencyKey, resend }: ProcessPaymentInput) =>
      sendUntilOutcomeKnown(
        () => apiRequest<{ transaction: TransactionView }>('POST', '/api/payments/process', body, {
          'Idempotency-Key': idempotencyKey,
        }),
        resend,
      ),
    onSuccess: refetchBalancesAndHistory,
    // An unconfirmed payment may have been made: the history the customer is asked to check must be fresh.
    onError: (error) => {
      if (error instanceof PaymentNotConfirmedError) refetchBalancesAndHistory();
    },
  });
}
