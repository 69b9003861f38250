import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const reminderBatchPreview = queryOptionsFor('GET /api/business/reminder-batches/preview', {});
export const reminderBatchPreviewQueryKey = reminderBatchPreview.queryKey;

/**
 * What "Send to all overdue" would send now: who, each text, and who is left out and why.
 * Asked afresh at each opening, since dues, exclusions and today's counts move.
 */
export function useReminderBatchPreview() {
  return useQuery({ ...reminderBatchPreview, staleTime: 0, gcTime: 0 });
}
