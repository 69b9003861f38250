import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { businessListPageSizeDefault } from '@common/limits';
import type { BusinessPage } from './admin-queries';

/** The URL of one page: the list's own query plus limit and, after the first, cursor. */
function pageUrl(listUrl: string, cursor: string | null): string {
  const [path, query = ''] = listUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('limit', String(businessListPageSizeDefault));
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params.toString()}`;
}

/**
 * A keyset-paged business list. The key is the list's URL, as for the default query
 * function; the pages add limit and cursor to it.
 */
export function useBusinessList(listUrl: string) {
  return useInfiniteQuery({
    queryKey: [listUrl],
    queryFn: ({ pageParam }) => apiRequest<BusinessPage>('GET', pageUrl(listUrl, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
