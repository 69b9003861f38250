/**
 * What the admin calls share: the list page shape, the page size and one way to refresh
 * everything the admin sees after a decision (spec §7: both lists are refetched).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminBusiness } from '@common/api-types';

export interface BusinessPage {
  businesses: AdminBusiness[];
  nextCursor: string | null;
}

const adminPathPrefix = '/api/admin/';

/** Marks every admin query (stats, pending, all and per-status lists) stale and refetches the shown ones. */
export function invalidateAdminQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [first] = query.queryKey;
      return typeof first === 'string' && first.startsWith(adminPathPrefix);
    },
  });
}
