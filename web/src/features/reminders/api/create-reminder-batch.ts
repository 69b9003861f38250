import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { reminderBatchQuery } from './get-reminder-batch';

/**
 * "Send to all overdue": the server queues one reminder SMS per overdue customer it may
 * remind (202) and sends them in the background; 409 when there is no one, 429 past the
 * shop's daily limit. Each reminded account's "Reminded today" follows.
 */
export function useCreateReminderBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/business/reminder-batches', {}),
    meta: { changed: 'reminder-sent' },
    onSuccess: (batch) => queryClient.setQueryData(reminderBatchQuery(batch.id).queryKey, batch),
  });
}
