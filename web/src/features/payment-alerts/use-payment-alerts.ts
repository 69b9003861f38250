import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { toast } from '@/lib/toast-store';
import { formatWireRupees } from '@/lib/format';
import type { ClaimEventData, LedgerEventData } from '@common/schemas/events';

// The speech and the chime load on the first payment, not with the merchant's app.
const loadAnnouncer = () => import('./announcer');

/**
 * What a merchant's screen does with a customer's new payment (docs/payment-alerts.md): a toast with the
 * amount and the customer, and the chime and sentence when sounds are on. `quiet` leaves
 * the toast out where the screen lists the payment itself (counter mode). A repayment is
 * the merchant's own doing (cash recorded, a UPI claim confirmed), answered by the screen
 * that did it: its ledger row refreshes the figures in silence, or it would talk over that
 * answer.
 */
export function usePaymentAlerts({ quiet = false }: { quiet?: boolean } = {}) {
  const { t } = useLingui();
  return useCallback(
    (event: LedgerEventData) => {
      if (event.type !== 'payment') return;
      if (!quiet) {
        const amount = formatWireRupees(event.amount);
        const name = event.customerName;
        toast({ title: t`Payment received`, description: name ? t`${amount} from ${name}` : amount });
      }
      void loadAnnouncer().then(({ announce }) => announce({ amount: event.amount, customerName: event.customerName }));
    },
    [quiet, t],
  );
}

/**
 * What a merchant's screen does with a customer's new repayment claim: a toast
 * asking to check it, and the chime and a sentence when sounds are on, through the same
 * queue as payments. A claim's confirmation or decline is the merchant's own doing: silent.
 */
export function useClaimAlerts({ quiet = false }: { quiet?: boolean } = {}) {
  const { t } = useLingui();
  return useCallback(
    (event: ClaimEventData) => {
      if (event.status !== 'pending') return;
      if (!quiet) {
        const amount = formatWireRupees(event.amount);
        const name = event.customerName;
        toast({
          title: t`Repayment claim`,
          description: name ? t`${name} says they paid back ${amount}` : amount,
        });
      }
      void loadAnnouncer().then(({ announce }) => announce({ amount: event.amount, customerName: event.customerName, kind: 'claim' }));
    },
    [quiet, t],
  );
}
