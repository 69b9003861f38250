import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReminderDraft } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { reminderUrl } from './get-reminder';
import { refreshCreditData } from './refresh-credit-data';

export type ReminderChannel = 'whatsapp' | 'sms';

/**
 * Records that a reminder went out (issue 16), as its link opens WhatsApp or the SMS app:
 * not awaited, and sent with keepalive so the page giving way to the other app does not
 * cancel it. Then the rows' "Reminded today" follows, and the open dialog's note.
 */
export function useRecordReminder() {
  const queryClient = useQueryClient();
  return useCallback(
    (accountId: string, channel: ReminderChannel) => {
      void apiRequest<{ lastRemindedAt: string }>(
        'POST', `/api/business/credit-accounts/${encodeURIComponent(accountId)}/reminders`, { channel }, undefined, { keepalive: true },
      ).then(({ lastRemindedAt }) => {
        queryClient.setQueryData<ReminderDraft>([reminderUrl(accountId)], (draft) => (draft ? { ...draft, lastRemindedAt } : draft));
        return refreshCreditData(queryClient);
      }, () => {});
    },
    [queryClient],
  );
}
