import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const toCollect = queryOptionsFor('GET /api/business/to-collect', {});
export const toCollectQueryKey = toCollect.queryKey;

/** What is overdue now, over how many customers, and the largest overdue accounts. */
export function useToCollect() {
  return useQuery(toCollect);
}
