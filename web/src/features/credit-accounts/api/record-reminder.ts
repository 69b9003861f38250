import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { reminderDraftQuery } from './get-reminder';

export type ReminderChannel = Input<'POST /api/business/credit-accounts/:id/reminders'>['body']['channel'];

/**
 * Records a reminder before it is sent: the server allows a few
 * a day per customer, so WhatsApp or the SMS app opens only once it has accepted this one.
 * Then the rows' "Reminded today" follows, and the open dialog's note.
 */
export function useRecordReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, channel }: { accountId: string; channel: ReminderChannel }) =>
      request('POST /api/business/credit-accounts/:id/reminders', { params: { id: accountId }, body: { channel } }),
    meta: { changed: 'reminder-sent' },
    onSuccess: ({ lastRemindedAt }, { accountId }) => {
      queryClient.setQueryData(reminderDraftQuery(accountId).queryKey, (draft) => (draft ? { ...draft, lastRemindedAt } : draft));
    },
  });
}
