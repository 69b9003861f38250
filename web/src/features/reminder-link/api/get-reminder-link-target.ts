import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

/**
 * Where a reminder's short link leads the signed-in customer: their account at the shop
 * that sent it. A 404 means the link expired or is someone else's.
 */
export function useReminderLinkTarget(code: string) {
  return useQuery({ ...queryOptionsFor('GET /api/reminder-links/:code', { params: { code } }), staleTime: 0, gcTime: 0 });
}
