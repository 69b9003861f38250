import { useQuery } from '@tanstack/react-query';
import type { BusinessStats } from '@common/api-types';

export const businessStatsQueryKey = ['/api/business/stats'] as const;

/** The merchant's totals: revenue, customers, credit issued, transactions. */
export function useBusinessStats() {
  return useQuery<{ stats: BusinessStats }>({ queryKey: businessStatsQueryKey });
}
