import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { ReportEventData } from '@common/schemas/events';
import { formatWireRupees } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useReportReasonLabels } from './reason-labels';

/**
 * What the merchant's screen does with a customer's new report: a toast naming the customer,
 * the payment and the reason, and that they froze their Khata if they did. An answer (a
 * refund, a decline) is the merchant's own doing, on this device or another: silent.
 */
export function useReportAlerts() {
  const { t } = useLingui();
  const reasonLabels = useReportReasonLabels();
  return useCallback(
    (event: ReportEventData) => {
      if (event.status !== 'open') return;
      const name = event.customerName;
      const amount = formatWireRupees(event.amount);
      const reason = reasonLabels[event.reason];
      toast({
        title: t`Payment problem reported`,
        // Names and figures alone need no translating; only the freeze's sentence does.
        description: event.froze ? t`${name} · ${amount} · ${reason}. They froze their Khata.` : [name, amount, reason].join(' · '),
      });
    },
    [reasonLabels, t],
  );
}
