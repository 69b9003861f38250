import { useInfiniteQuery } from '@tanstack/react-query';
import type { BusinessStatus } from '@common/api/types';
import { businessListPageSizeDefault } from '@common/limits';
import { request, urlOf } from '@/lib/api-request';

/** The two lists of businesses, which page alike. */
export type BusinessListRoute = 'GET /api/admin/businesses/pending' | 'GET /api/admin/businesses';

/**
 * A keyset-paged business list, optionally of one status. The key is the list's URL; the
 * pages add limit and, after the first, cursor to its query.
 */
export function useBusinessList(route: BusinessListRoute, status?: BusinessStatus) {
  const filter = status ? { status } : {};
  return useInfiniteQuery({
    queryKey: [urlOf(route, { query: filter })],
    queryFn: ({ pageParam }) => request(route, {
      query: { ...filter, limit: `${businessListPageSizeDefault}`, cursor: pageParam ?? undefined },
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
