import type { QueryClient } from '@tanstack/react-query';
import { customerTransactionsOptions } from '@/features/history/api/get-customer-transactions';
import { customerCreditAccountsQueryKey } from './get-customer-credit-accounts';

/**
 * Starts the home's two requests (credit accounts, first history page) while the customer
 * app's code is still downloading, instead of after it; the home's own queries then find
 * them in flight or done.
 */
export function prefetchCustomerHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: customerCreditAccountsQueryKey });
  void queryClient.prefetchInfiniteQuery(customerTransactionsOptions(null));
}
