import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor, urlOf } from '@/lib/api-request';

/** The prefix of every reports query of the merchant: the live stream and a refund refetch them all. */
export const businessReportsUrl = urlOf('GET /api/business/payment-reports', { query: {} });

const openReports = queryOptionsFor('GET /api/business/payment-reports', { query: { status: 'open' } });
export const openReportsQueryKey = openReports.queryKey;

/** The customers' reports on payments still waiting for this merchant's answer, newest first. */
export function useOpenReports({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...openReports, enabled });
}
