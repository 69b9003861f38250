import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessCreditAccount } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { refreshCreditData } from './refresh-credit-data';

/** Moves an account's next due date later (issue 16): `dueOn` is an India date, YYYY-MM-DD. */
export function useMoveDueDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, dueOn }: { accountId: string; dueOn: string }) =>
      apiRequest<{ creditAccount: BusinessCreditAccount }>(
        'POST', `/api/business/credit-accounts/${encodeURIComponent(accountId)}/due-date`, { dueOn },
      ),
    onSuccess: () => refreshCreditData(queryClient),
  });
}
