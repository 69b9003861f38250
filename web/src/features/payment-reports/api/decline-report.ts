import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-request';

/** Answers a customer's report without a refund, with a reason they will read; what is owed is unchanged. */
export function useDeclineReport() {
  return useMutation({
    mutationFn: ({ reportId, reason }: { reportId: string; reason: string }) =>
      request('POST /api/business/payment-reports/:id/decline', { params: { id: reportId }, body: { reason } }),
    meta: { changed: 'report-declined' },
  });
}
