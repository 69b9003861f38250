import { useQuery } from '@tanstack/react-query';
import type { ReminderDraft } from '@common/api-types';

export const reminderUrl = (accountId: string) => `/api/business/credit-accounts/${encodeURIComponent(accountId)}/reminder`;

/**
 * The reminder the server wrote for this customer, in their language, with its WhatsApp and
 * SMS links (issue 16). Asked afresh at each opening: what is owed and when it was last sent change.
 */
export function useReminderDraft(accountId: string) {
  return useQuery<ReminderDraft>({ queryKey: [reminderUrl(accountId)], staleTime: 0, gcTime: 0 });
}
