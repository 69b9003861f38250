import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-request';
import { customerCreditAccountsQueryKey } from '@/features/credit-accounts/api/get-customer-credit-accounts';

/**
 * The customer stops (or allows again) reminder SMS from one shop. The answer is the
 * account's new state, written straight into the customer's accounts: nothing else changed.
 */
export function useSetReminderOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, optedOut }: { accountId: string; optedOut: boolean }) =>
      request('POST /api/credit-accounts/:id/reminder-opt-out', { params: { id: accountId }, body: { optedOut } }),
    onSuccess: ({ optedOut }, { accountId }) => {
      queryClient.setQueryData(customerCreditAccountsQueryKey, (data) => data && {
        ...data,
        creditAccounts: data.creditAccounts.map((account) => account.id === accountId ? { ...account, remindersOptedOut: optedOut } : account),
      });
    },
  });
}
