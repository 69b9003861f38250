import { useQuery } from '@tanstack/react-query';
import type { BusinessCreditAccount } from '@common/api-types';

export const businessCreditAccountsQueryKey = ['/api/credit-accounts/business'] as const;

/** The merchant's customers: one credit account each. */
export function useBusinessCreditAccounts() {
  return useQuery<{ creditAccounts: BusinessCreditAccount[] }>({ queryKey: businessCreditAccountsQueryKey });
}
