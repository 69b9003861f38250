import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const businessSettings = queryOptionsFor('GET /api/business/settings', {});
export const businessSettingsQueryKey = businessSettings.queryKey;

/** The business's credit period and UPI ID. */
export function useBusinessSettings() {
  return useQuery(businessSettings);
}
