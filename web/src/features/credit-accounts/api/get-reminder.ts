import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

export const reminderDraftQuery = (accountId: string) =>
  queryOptionsFor('GET /api/business/credit-accounts/:id/reminder', { params: { id: accountId } });

/**
 * The reminder the server wrote for this customer, in their language, with its WhatsApp and
 * SMS links. Asked afresh at each opening: what is owed and when it was last sent change.
 */
export function useReminderDraft(accountId: string) {
  return useQuery({ ...reminderDraftQuery(accountId), staleTime: 0, gcTime: 0 });
}
