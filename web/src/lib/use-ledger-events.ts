/**
 * Keeps the screen current when the ledger changes elsewhere: a customer paying this
 * merchant, a merchant recording this customer's repayment. The server pushes a `ledger`
 * event per ledger row (server-sent events, GET /api/events, authenticated by the session
 * cookie) and the queries whose key starts with one of the given prefixes are refetched.
 * The shells pass their features' query keys in. No polling (spec §9).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { eventStreamRetryAfterSeconds, eventSeenIdsMax } from '@common/limits';

export const ledgerEventsUrl = '/api/events';


/**
 * Follows the ledger; returns true while live updates are paused. EventSource reconnects
 * by itself after a dropped stream (sending Last-Event-ID, so the server replays what was
 * missed), but a refused one (429, 401) closes it for good: then this says so, tries a
 * new one after 5 s, doubling up to the server's Retry-After, and refetches once it is back.
 */
export function useLedgerEvents(queryPrefixes: readonly string[]): boolean {
  const queryClient = useQueryClient();
  const prefixes = queryPrefixes.join('\n');
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const list = prefixes.split('\n');
    const seen: string[] = [];
    let source: EventSource;
    let retries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({
        predicate: (query) => list.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
      });
    };
    const onLedger = (event?: MessageEvent) => {
      const id = event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      refresh();
    };
    const connect = () => {
      source = new EventSource(ledgerEventsUrl, { withCredentials: true });
      source.addEventListener('ledger', onLedger);
      source.onopen = () => {
        // Back after a pause: what landed meanwhile was never sent, so refetch once.
        if (retries > 0) refresh();
        retries = 0;
        setPaused(false);
      };
      source.onerror = () => {
        if (source.readyState !== EventSource.CLOSED) return;
        setPaused(true);
        timer = setTimeout(connect, Math.min(eventStreamRetryAfterSeconds, 5 * 2 ** retries) * 1000);
        retries += 1;
      };
    };
    connect();
    return () => {
      clearTimeout(timer);
      source.removeEventListener('ledger', onLedger);
      source.close();
    };
  }, [queryClient, prefixes]);
  return paused;
}
