/**
 * The counter's app: what a counter session sees. The shop's name, its static
 * code and the payments as they arrive, said and chimed; no dashboard data is asked for,
 * since the server refuses a counter session everything else. A refusal with 401 means the
 * counter's session has ended (expired, PIN changed or reset, signed out elsewhere): the
 * current user is asked again, and app.tsx shows that counter mode has ended. So does the
 * stream's `signed_out`, when the person who opened the counter is removed from the shop.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MeResponse } from '@common/api/types';
import { counterPaymentsShown } from '@common/limits';
import type { LedgerEventData } from '@common/schemas/events';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { CounterMode } from '@/features/counter-mode/components/counter-mode';
import { usePaymentAlerts } from '@/features/payment-alerts/public';
import { useMarkUsable } from '@/lib/after-usable';
import { useLedgerStream } from '@/lib/use-ledger-events';
import { staleQueryPrefixes } from './stale-queries';
import { useNoticeSessionEnd } from './use-notice-session-end';

const counterLedgerQueries = staleQueryPrefixes('counter-ledger-row');

export function CounterApp({ me }: { me: MeResponse }) {
  const queryClient = useQueryClient();
  const [livePayments, setLivePayments] = useState<LedgerEventData[]>([]);
  // The counter lists each payment itself: no toast over it, but the chime and the sentence.
  const alertPayment = usePaymentAlerts({ quiet: true });
  const liveState = useLedgerStream(counterLedgerQueries, {
    onLedger: (event) => {
      if (event.type !== 'payment') return;
      alertPayment(event);
      setLivePayments((list) => [event, ...list].slice(0, counterPaymentsShown));
    },
    onSignedOut: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
  useNoticeSessionEnd(liveState === 'paused');
  // Counter mode asks for no data: on screen, it is usable, and the stream's schemas and the
  // rest load at once rather than with its first payment (lib/after-usable.ts).
  useMarkUsable(true);
  return <CounterMode shopName={me.user.name} payments={livePayments} liveState={liveState} />;
}
