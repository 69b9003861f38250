import { useMutation } from '@tanstack/react-query';
import type { PaymentReportReason } from '@common/api/types';
import { request } from '@/lib/api-request';

export interface ReportPaymentInput {
  transactionId: string;
  reason: PaymentReportReason;
  /** What happened, in the customer's words; required with "other". */
  note: string | null;
  /** "Not me" only: freeze the customer's Khata at every shop, which signs out every session. */
  freeze: boolean;
}

/**
 * The customer reports a problem with one of their payments; its merchant hears of it live
 * (docs/product.md#refunds-and-reports). One report per payment: a second is refused (409).
 */
export function useReportPayment() {
  return useMutation({
    mutationFn: ({ transactionId, reason, note, freeze }: ReportPaymentInput) =>
      request('POST /api/transactions/:id/report', {
        params: { id: transactionId },
        body: { reason, ...(note ? { note } : {}), ...(freeze ? { freeze: true } : {}) },
      }),
    meta: { changed: 'payment-reported' },
  });
}
