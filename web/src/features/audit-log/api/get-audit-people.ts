import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

/**
 * The shop's people, for the log's person filter: those removed too, as their actions stay
 * in the log. The same call (and so the same cache) as the Staff screen's list.
 */
export function useAuditPeople() {
  return useQuery(queryOptionsFor('GET /api/business/staff', {}));
}
