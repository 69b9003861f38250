import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { recentPaymentsCount } from '@common/limits';
import { queryOptionsFor, request, urlOf } from '@/lib/api-request';

/** The prefix of both of the ledger's query keys (recent and paged). */
export const businessTransactionsUrl = urlOf('GET /api/transactions/business', { query: {} });

/** The 5 latest entries of the merchant's ledger, for the dashboard (and kept for offline). */
export const recentBusinessTransactionsQuery = queryOptionsFor('GET /api/transactions/business', { query: { limit: `${recentPaymentsCount}` } });

export function useRecentBusinessTransactions() {
  return useQuery(recentBusinessTransactionsQuery);
}

/** The whole history, a page at a time from the server's keyset cursor. */
export function useBusinessTransactionPages() {
  return useInfiniteQuery({
    queryKey: [businessTransactionsUrl, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => request('GET /api/transactions/business', { query: { cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Refetches every view of the merchant's history (recent and paged). */
export const invalidateBusinessTransactions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(businessTransactionsUrl),
  });
