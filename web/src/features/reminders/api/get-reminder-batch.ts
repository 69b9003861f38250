import { useQuery } from '@tanstack/react-query';
import type { ReminderBatch } from '@common/api/types';
import { queryOptionsFor } from '@/lib/api-request';

/**
 * How often an open batch's progress is asked while some of its SMS wait or are being sent:
 * often enough to watch, rare enough for a shop's phone on a slow network.
 */
export const reminderBatchPollMs = 1_500;

export const reminderBatchQuery = (batchId: string) =>
  queryOptionsFor('GET /api/business/reminder-batches/:id', { params: { id: batchId } });

/** The SMS of a batch still waiting for the vendor (queued with us or being sent). */
export const batchPendingCount = (batch: ReminderBatch): number =>
  batch.messages.filter((message) => message.status === 'queued' || message.status === 'sending').length;

/** Whether any SMS of the batch has not yet been sent or failed. */
export const batchInProgress = (batch: ReminderBatch): boolean => batch.queued > 0 || batchPendingCount(batch) > 0;

/** Once all went to the vendor, delivery reports are waited for this much less often, for this long after the batch began. */
export const reminderDeliveryPollMs = 5_000;
export const reminderDeliveryWatchMs = 2 * 60_000;

/** Whether an SMS of the batch reached the vendor and its delivery report has not come yet. */
const awaitingDelivery = (batch: ReminderBatch): boolean =>
  batch.messages.some((message) => message.status === 'sent')
  && Date.now() - Date.parse(batch.createdAt) < reminderDeliveryWatchMs;

/**
 * A batch's progress, asked again every reminderBatchPollMs while anything in it is queued or
 * sending, then every reminderDeliveryPollMs while delivery reports may still arrive; it starts
 * from the answer that made it (create-reminder-batch.ts).
 */
export function useReminderBatch(batchId: string) {
  return useQuery({
    ...reminderBatchQuery(batchId),
    refetchInterval: (query) => {
      const batch = query.state.data;
      if (!batch || batchInProgress(batch)) return reminderBatchPollMs;
      return awaitingDelivery(batch) ? reminderDeliveryPollMs : false;
    },
  });
}
