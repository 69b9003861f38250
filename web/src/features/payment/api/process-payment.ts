import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { customerCreditAccountsQueryKey } from '@/features/customer-home/api/get-customer-credit-accounts';
import { customerTransactionsQueryKey } from '@/features/history/api/get-customer-transactions';

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
}

export const processPaymentMutationKey = ['process-payment'] as const;

/** Pays a merchant's QR code; afterwards the balances and the history are refetched (spec §7). */
export function useProcessPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: processPaymentMutationKey,
    mutationFn: ({ body, idempotencyKey }: ProcessPaymentInput) =>
      apiRequest<{ transaction: TransactionView }>('POST', '/api/payments/process', body, {
        'Idempotency-Key': idempotencyKey,
      }),
    // Not awaited: the success toast need not wait for the refetches.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerCreditAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: customerTransactionsQueryKey });
    },
  });
}
