import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

export const customerCreditAccountsQuery = queryOptionsFor('GET /api/credit-accounts/customer', {});
export const customerCreditAccountsQueryKey = customerCreditAccountsQuery.queryKey;

/** The signed-in customer's credit accounts, one per merchant. */
export function useCustomerCreditAccounts() {
  return useQuery(customerCreditAccountsQuery);
}
