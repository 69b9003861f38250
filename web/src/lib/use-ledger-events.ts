/**
 * Keeps the screen current when the ledger changes elsewhere: a customer paying this
 * merchant, a merchant recording this customer's repayment. The server pushes a `ledger`
 * event (server-sent events, GET /api/events, authenticated by the session cookie) and
 * the queries under the given URL prefixes are refetched. No polling (spec §9).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const ledgerEventsUrl = '/api/events';

export function useLedgerEvents(queryPrefixes: readonly string[]): void {
  const queryClient = useQueryClient();
  const prefixes = queryPrefixes.join('\n');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const list = prefixes.split('\n');
    const source = new EventSource(ledgerEventsUrl, { withCredentials: true });
    const refresh = () => {
      void queryClient.invalidateQueries({
        predicate: (query) => list.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
      });
    };
    source.addEventListener('ledger', refresh);
    return () => {
      source.removeEventListener('ledger', refresh);
      source.close();
    };
  }, [queryClient, prefixes]);
}

export const merchantLedgerQueries = [
  '/api/transactions/business', '/api/business/stats', '/api/credit-accounts/business', '/api/qr/business',
] as const;

export const customerLedgerQueries = ['/api/credit-accounts/customer', '/api/transactions/customer'] as const;
