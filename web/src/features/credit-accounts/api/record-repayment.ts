import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessCreditAccount, TransactionView } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { refreshCreditData } from './refresh-credit-data';

/** Cash received from a customer: lowers what they owe (design.md §3, beyond the spec). */
export function useRecordRepayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, amount }: { accountId: string; amount: string }) =>
      apiRequest<{ transaction: TransactionView; creditAccount: BusinessCreditAccount }>(
        'POST', `/api/business/credit-accounts/${encodeURIComponent(accountId)}/repayment`, { amount },
      ),
    onSuccess: () => refreshCreditData(queryClient, { history: true }),
  });
}
