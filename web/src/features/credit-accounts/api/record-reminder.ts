import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderDraft } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { reminderUrl } from './get-reminder';
import { refreshCreditData } from './refresh-credit-data';

export type ReminderChannel = 'whatsapp' | 'sms';

/**
 * Records a reminder before it is sent: the server allows a few
 * a day per customer, so WhatsApp or the SMS app opens only once it has accepted this one.
 * Then the rows' "Reminded today" follows, and the open dialog's note.
 */
export function useRecordReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, channel }: { accountId: string; channel: ReminderChannel }) =>
      apiRequest<{ lastRemindedAt: string }>('POST', `/api/business/credit-accounts/${encodeURIComponent(accountId)}/reminders`, { channel }),
    onSuccess: ({ lastRemindedAt }, { accountId }) => {
      queryClient.setQueryData<ReminderDraft>([reminderUrl(accountId)], (draft) => (draft ? { ...draft, lastRemindedAt } : draft));
      void refreshCreditData(queryClient);
    },
  });
}
