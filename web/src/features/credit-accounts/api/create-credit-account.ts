import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessCreditAccount } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { refreshCreditData } from './refresh-credit-data';

/** The request as sent: the limit as a rupee string with 2 decimals (spec §5). */
export interface CreateCreditAccountRequest {
  paymentHandle: string;
  creditLimit: string;
}

export function useCreateCreditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCreditAccountRequest) =>
      apiRequest<{ customerName: string; creditAccount: BusinessCreditAccount }>(
        'POST', '/api/business/create-credit-account', body,
      ),
    onSuccess: () => refreshCreditData(queryClient),
  });
}
