import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { reminderSettingsQueryKey } from './get-reminder-settings';

export type ReminderScheduleRequest = Input<'POST /api/business/reminder-settings'>['body'];

/** Saves the schedule (both parts null turns automatic reminders off); the card shows the answer. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderScheduleRequest) => request('POST /api/business/reminder-settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryKey, saved),
  });
}
