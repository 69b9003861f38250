import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBusiness } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdminQueries } from './admin-queries';

export interface BusinessTermsRequest {
  transactionFeePercent?: string;
  maxCreditLimit?: string;
}

/** Sets a business's fee rate and maximum credit limit. */
export function useUpdateBusinessTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ businessId, terms }: { businessId: string; terms: BusinessTermsRequest }) =>
      apiRequest<{ business: AdminBusiness }>(
        'POST', `/api/admin/businesses/${encodeURIComponent(businessId)}/terms`, terms,
      ),
    onSuccess: () => {
      void invalidateAdminQueries(queryClient);
    },
  });
}
