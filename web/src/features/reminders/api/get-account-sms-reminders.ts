import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

export const accountSmsRemindersQuery = (accountId: string) =>
  queryOptionsFor('GET /api/business/credit-accounts/:id/sms-reminders', { params: { id: accountId } });

/**
 * One customer's reminder SMS, newest first, with their delivery status, and whether the
 * merchant left them out or they stopped the SMS. Asked afresh at each opening: statuses move.
 */
export function useAccountSmsReminders(accountId: string) {
  return useQuery({ ...accountSmsRemindersQuery(accountId), staleTime: 0, gcTime: 0 });
}
