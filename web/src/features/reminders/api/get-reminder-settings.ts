import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const reminderSettings = queryOptionsFor('GET /api/business/reminder-settings', {});
export const reminderSettingsQueryKey = reminderSettings.queryKey;

/** The shop's automatic reminder schedule, with today's reminder SMS count and its daily limit. */
export function useReminderSettings() {
  return useQuery(reminderSettings);
}
