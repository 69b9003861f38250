import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const businessCreditAccounts = queryOptionsFor('GET /api/credit-accounts/business', {});
export const businessCreditAccountsQueryKey = businessCreditAccounts.queryKey;

/** The merchant's customers: one credit account each. */
export function useBusinessCreditAccounts() {
  return useQuery(businessCreditAccounts);
}
