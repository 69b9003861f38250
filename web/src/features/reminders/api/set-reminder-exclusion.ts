import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { accountSmsRemindersQuery } from './get-account-sms-reminders';

/** Leaves one customer out of automatic and "Send to all overdue" reminders, or lets them back in. */
export function useSetReminderExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, excluded }: { accountId: string; excluded: boolean }) =>
      request('POST /api/business/credit-accounts/:id/reminder-exclusion', { params: { id: accountId }, body: { excluded } }),
    onSuccess: ({ excluded, optedOut }, { accountId }) => {
      queryClient.setQueryData(accountSmsRemindersQuery(accountId).queryKey, (reminders) =>
        reminders ? { ...reminders, excluded, optedOut } : reminders);
    },
  });
}
