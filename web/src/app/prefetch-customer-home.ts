import type { QueryClient } from '@tanstack/react-query';
import { customerTransactionsOptions } from '@/features/transactions/api/get-customer-transactions';
import { customerCreditAccountsQuery } from '@/features/credit-accounts/api/get-customer-credit-accounts';

/**
 * Starts the home's two requests (credit accounts, first history page) while the customer
 * app's code is still downloading, instead of after it; the home's own queries then find
 * them in flight or done.
 */
export function prefetchCustomerHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(customerCreditAccountsQuery);
  void queryClient.prefetchInfiniteQuery(customerTransactionsOptions(null));
}
