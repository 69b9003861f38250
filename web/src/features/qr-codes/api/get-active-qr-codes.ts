import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

const activeQrCodes = queryOptionsFor('GET /api/qr/business', { query: { active: 'true' } });
export const activeQrCodesQueryKey = activeQrCodes.queryKey;

/** The merchant's QR codes that can still be paid, newest first. */
export function useActiveQrCodes() {
  return useQuery(activeQrCodes);
}
