import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings } from '@common/api-types';
import { apiRequest } from '@/lib/api-client';
import { businessSettingsQueryKey } from './get-business-settings';

/** Saves the credit period (new payments only) and the UPI ID, null to clear it (issue 16). */
export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BusinessSettings) => apiRequest<BusinessSettings>('POST', '/api/business/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(businessSettingsQueryKey, saved),
  });
}
