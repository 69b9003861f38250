import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionPage } from '@common/api-types';
import { historyPageSize } from '@common/limits';
import { apiRequest } from '@/lib/api-client';

/** Every customer history query starts with this, so one key refreshes them all. */
export const customerTransactionsQueryKey = ['/api/transactions/customer'] as const;

/** The key of one filtered (or unfiltered) history. */
export const customerTransactionsKey = (businessId: string | null) =>
  [...customerTransactionsQueryKey, { businessId }] as const;

/** "/api/transactions/customer?limit=15&cursor=…&businessId=…" (design.md §6). */
export function customerTransactionsUrl(businessId: string | null, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(historyPageSize) });
  if (cursor) params.set('cursor', cursor);
  if (businessId) params.set('businessId', businessId);
  return `${customerTransactionsQueryKey[0]}?${params.toString()}`;
}

/**
 * The customer's history, 15 rows a page, optionally for one merchant. The server pages
 * by cursor, so the list and its merchant filter never miss a row.
 */
export const customerTransactionsOptions = (businessId: string | null) =>
  infiniteQueryOptions({
    queryKey: customerTransactionsKey(businessId),
    queryFn: ({ pageParam }) =>
      apiRequest<TransactionPage>('GET', customerTransactionsUrl(businessId, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useCustomerTransactions(businessId: string | null) {
  return useInfiniteQuery(customerTransactionsOptions(businessId));
}
