import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideBusinessesBody } from '@common/schemas/admin';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdminQueries } from './admin-queries';

/** The wire form: amounts and percents as 2-decimal strings, optional fields left out. */
export type DecideBusinessesRequest = Omit<DecideBusinessesBody, 'transactionFeePercent' | 'maxCreditLimit'> & {
  transactionFeePercent?: string;
  maxCreditLimit?: string;
};

/**
 * Approves or rejects applications. Afterwards, success or not, the lists and the counts
 * are refetched: a 409 means someone else decided first, so what is shown is stale.
 */
export function useDecideBusinesses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideBusinessesRequest) =>
      apiRequest<{ success: true; updated: number }>('POST', '/api/admin/businesses/approve', body),
    onSettled: () => {
      void invalidateAdminQueries(queryClient);
    },
  });
}
