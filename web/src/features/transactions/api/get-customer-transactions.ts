import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyPageSize } from '@common/limits';
import { request } from '@/lib/api-request';

/** Every customer history query starts with this, so one key refreshes them all. */
export const customerTransactionsQueryKey = ['/api/transactions/customer'] as const;

/** The key of one filtered (or unfiltered) history. */
export const customerTransactionsKey = (businessId: string | null) =>
  [...customerTransactionsQueryKey, { businessId }] as const;

/**
 * The customer's history, 15 rows a page, optionally for one merchant. The server pages
 * by cursor, so the list and its merchant filter never miss a row.
 */
export const customerTransactionsOptions = (businessId: string | null) =>
  infiniteQueryOptions({
    queryKey: customerTransactionsKey(businessId),
    queryFn: ({ pageParam }) => request('GET /api/transactions/customer', {
      query: { limit: `${historyPageSize}`, cursor: pageParam ?? undefined, businessId: businessId ?? undefined },
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useCustomerTransactions(businessId: string | null) {
  return useInfiniteQuery(customerTransactionsOptions(businessId));
}
