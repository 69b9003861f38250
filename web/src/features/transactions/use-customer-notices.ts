/**
 * What the customer's screen says when the merchant gives money back or answers a report
 * (docs/product.md#refunds-and-reports): a refund or a reversal arriving on the stream, and
 * a report declined, each as a toast. The stream itself refreshes the figures; a refund's
 * answer to a report is told by the refund's own toast.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { LedgerEventData, ReportEventData } from '@common/schemas/events';
import { formatWireRupees } from '@/lib/format';
import { toast } from '@/lib/toast-store';

export interface CustomerNotices {
  onLedger: (event: LedgerEventData) => void;
  onReport: (event: ReportEventData) => void;
}

export function useCustomerNotices(): CustomerNotices {
  const { t } = useLingui();
  return useMemo(() => ({
    onLedger: (event) => {
      const amount = formatWireRupees(event.amount);
      const business = event.businessName;
      if (event.type === 'refund') {
        toast({ title: t`Refund received`, description: t`${amount} from ${business}` });
      } else if (event.type === 'reversal') {
        toast({ title: t`Repayment reversed`, description: t`${business} reversed a repayment of ${amount}: you owe it again.` });
      }
    },
    onReport: (event) => {
      if (event.status !== 'declined') return;
      const amount = formatWireRupees(event.amount);
      const business = event.businessName;
      toast({ title: t`Report declined`, description: t`${business} declined your report on the ${amount} payment.` });
    },
  }), [t]);
}
