import { useQuery } from '@tanstack/react-query';
import type { BusinessSettings } from '@common/api-types';

export const businessSettingsQueryKey = ['/api/business/settings'] as const;

/** The business's credit period and UPI ID (issue 16). */
export function useBusinessSettings() {
  return useQuery<BusinessSettings>({ queryKey: businessSettingsQueryKey });
}
