import type { QueryClient } from '@tanstack/react-query';
import { businessStatsQueryKey } from '@/features/merchant/api/get-business-stats';
import { invalidateBusinessTransactions } from '@/features/merchant/api/get-business-transactions';
import { toCollectQueryKey } from '@/features/merchant/api/get-to-collect';
import { businessCreditAccountsQueryKey } from './get-business-credit-accounts';

/** After a change to a credit account: the accounts, the totals, what is overdue and, if asked, the history. */
export function refreshCreditData(queryClient: QueryClient, { history = false } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: businessCreditAccountsQueryKey }),
    queryClient.invalidateQueries({ queryKey: businessStatsQueryKey }),
    queryClient.invalidateQueries({ queryKey: toCollectQueryKey }),
    history ? invalidateBusinessTransactions(queryClient) : undefined,
  ]);
}
