import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Input } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import { businessSettingsQueryKey } from './get-business-settings';

/** Saves the credit period (new payments only) and the UPI ID, null to clear it. */
export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Input<'POST /api/business/settings'>['body']) => request('POST /api/business/settings', { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(businessSettingsQueryKey, saved),
  });
}
