import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/**
 * The first part of every receipt's key: the route's own path, so that no history's key
 * (/api/transactions/customer, /api/transactions/business) starts with it.
 */
export const transactionQueryPrefix = '/api/transactions/:id';

/** One ledger row's key, for the receipt. */
export const transactionKey = (transactionId: string) => [transactionQueryPrefix, transactionId] as const;

/**
 * One of the customer's own ledger rows, as the server reads it now. The receipt always
 * fetches it by id, so opened after paying or from history it shows the ledger's figures,
 * including the available credit kept with the row.
 */
export function useTransaction(transactionId: string) {
  return useQuery({
    queryKey: transactionKey(transactionId),
    queryFn: () => request('GET /api/transactions/:id', { params: { id: transactionId } }).then((answer) => answer.transaction),
  });
}
