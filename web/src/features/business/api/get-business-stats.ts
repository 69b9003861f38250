import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const businessStats = queryOptionsFor('GET /api/business/stats', {});
export const businessStatsQueryKey = businessStats.queryKey;

/** The merchant's totals: revenue, customers, credit issued, transactions; not asked for by a role without the whole history. */
export function useBusinessStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...businessStats, enabled });
}
