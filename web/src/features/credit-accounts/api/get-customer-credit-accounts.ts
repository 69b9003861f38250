import { useQuery } from '@tanstack/react-query';
import type { CustomerCreditAccount } from '@common/api-types';

export const customerCreditAccountsQueryKey = ['/api/credit-accounts/customer'] as const;

/** The signed-in customer's credit accounts, one per merchant (spec §7). */
export function useCustomerCreditAccounts() {
  return useQuery<{ creditAccounts: CustomerCreditAccount[] }>({ queryKey: customerCreditAccountsQueryKey });
}
