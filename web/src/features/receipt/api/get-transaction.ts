import { useQuery } from '@tanstack/react-query';
import type { TransactionView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';

/** One ledger row's key: "/api/transactions/<id>" (issue 14's receipt). */
export const transactionKey = (transactionId: string) => ['/api/transactions', transactionId] as const;

/**
 * One of the customer's own ledger rows, as the server reads it now. The receipt always
 * fetches it by id, so opened after paying or from history it shows the ledger's figures,
 * including the available credit kept with the row.
 */
export function useTransaction(transactionId: string) {
  return useQuery({
    queryKey: transactionKey(transactionId),
    queryFn: () =>
      apiRequest<{ transaction: TransactionView }>('GET', `/api/transactions/${encodeURIComponent(transactionId)}`)
        .then((answer) => answer.transaction),
  });
}
