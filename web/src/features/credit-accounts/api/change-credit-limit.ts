import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessCreditAccount } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { refreshCreditData } from './refresh-credit-data';

export function useChangeCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, creditLimit }: { accountId: string; creditLimit: string }) =>
      apiRequest<{ creditAccount: BusinessCreditAccount }>(
        'POST', `/api/business/credit-accounts/${encodeURIComponent(accountId)}/limit`, { creditLimit },
      ),
    onSuccess: () => refreshCreditData(queryClient),
  });
}
