import { useQuery } from '@tanstack/react-query';
import type { ToCollect } from '@common/api-types';

export const toCollectQueryKey = ['/api/business/to-collect'] as const;

/** What is overdue now, over how many customers, and the largest overdue accounts (issue 16). */
export function useToCollect() {
  return useQuery<ToCollect>({ queryKey: toCollectQueryKey });
}
