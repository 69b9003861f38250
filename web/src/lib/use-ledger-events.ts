/**
 * Keeps the screen current when the ledger changes elsewhere: a customer paying this
 * merchant, a merchant recording this customer's repayment. The server pushes a `ledger`
 * event per ledger row (server-sent events, GET /api/events, authenticated by the session
 * cookie) and the queries whose key starts with one of the given prefixes are refetched.
 * The shells pass their features' query keys in. No polling (spec §9). A merchant's stream
 * also says when an admin decides on the business (`business`), and the merchant's alerts
 * read each new ledger row's figures (issue 14). A repayment claim's news (`claim`, issue 16)
 * refetches the queries the shell names for it and is handed over once per claim and status.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { eventStreamRetryAfterSeconds, eventSeenIdsMax } from '@common/limits';
import { checkReachable } from './connection';

export const ledgerEventsUrl = '/api/events';


/** One ledger row as the stream describes it: money as wire strings ("250.00"). */
export interface LedgerEventData {
  transactionId: string;
  type: 'payment' | 'repayment' | 'adjustment';
  amount: string;
  fee: string;
  totalAmount: string;
  customerName: string | null;
  businessName: string | null;
  createdAt: string;
}

/** A repayment claim's news (issue 16): made (pending), confirmed or declined. */
export interface ClaimEventData {
  claimId: string;
  creditAccountId: string;
  businessId: string;
  status: 'pending' | 'confirmed' | 'declined';
  /** The claimed amount, a wire string ("250.00"). */
  amount: string;
  customerName: string | null;
  businessName: string | null;
}

/**
 * The stream's state: `connecting` before it first opens, `live` while open,
 * `reconnecting` while EventSource tries again by itself after a drop, `paused` when it was
 * refused and this hook waits to try a new one.
 */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'paused';

export interface LedgerEventOptions {
  /** Each new ledger row, once per id for as long as the hook is mounted (replays are skipped). */
  onLedger?: (event: LedgerEventData) => void;
  /**
   * Queries refetched when the stream says the business's status changed, and whenever it
   * opens again after a break (a decision may have been missed meanwhile): the current user.
   */
  accountQueryPrefixes?: readonly string[];
  /** Queries refetched on a repayment claim's news (issue 16); without them, claims are ignored. */
  claimQueryPrefixes?: readonly string[];
  /** Each claim's news, once per claim and status while the hook is mounted. */
  onClaim?: (event: ClaimEventData) => void;
}

/** An event's JSON object, read as text fields (null for a missing or non-text one); null when it is not one. */
function eventFields(data: unknown): ((name: string) => string | null) | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const row = parsed as Record<string, unknown>;
  return (name: string) => (typeof row[name] === 'string' ? (row[name] as string) : null);
}

/** The event's data when it is the ledger row the stream promises; null otherwise. */
export function parseLedgerEvent(data: unknown, id: string): LedgerEventData | null {
  const text = eventFields(data);
  if (!text) return null;
  const type = text('type');
  const amount = text('amount');
  if ((type !== 'payment' && type !== 'repayment' && type !== 'adjustment') || amount === null) return null;
  return {
    transactionId: text('transactionId') ?? id,
    type,
    amount,
    fee: text('fee') ?? '0.00',
    totalAmount: text('totalAmount') ?? amount,
    customerName: text('customerName'),
    businessName: text('businessName'),
    createdAt: text('createdAt') ?? new Date().toISOString(),
  };
}

/** The event's data when it is the claim news the stream promises; null otherwise. */
export function parseClaimEvent(data: unknown): ClaimEventData | null {
  const text = eventFields(data);
  if (!text) return null;
  const claimId = text('claimId');
  const status = text('status');
  const amount = text('amount');
  if (!claimId || amount === null || (status !== 'pending' && status !== 'confirmed' && status !== 'declined')) return null;
  return {
    claimId,
    creditAccountId: text('creditAccountId') ?? '',
    businessId: text('businessId') ?? '',
    status,
    amount,
    customerName: text('customerName'),
    businessName: text('businessName'),
  };
}

const prefixMatcher = (list: string[]) => (query: { queryKey: readonly unknown[] }) =>
  list.some((prefix) => String(query.queryKey[0]).startsWith(prefix));

/**
 * Follows the ledger; returns true while live updates are paused (a refused stream). See
 * useLedgerStream for the rest.
 */
export function useLedgerEvents(queryPrefixes: readonly string[], options: LedgerEventOptions = {}): boolean {
  return useLedgerStream(queryPrefixes, options) === 'paused';
}

/**
 * Follows the ledger and returns the stream's state. EventSource reconnects by itself after
 * a dropped stream (sending Last-Event-ID, so the server replays what was missed), but a
 * refused one (429, 401) closes it for good: then this says so, tries a new one after 5 s,
 * doubling up to the server's Retry-After, and refetches once it is back. The ids seen
 * outlive reconnects, so a replayed row is refetched and handed to `onLedger` only once.
 */
export function useLedgerStream(queryPrefixes: readonly string[], options: LedgerEventOptions = {}): LiveState {
  const queryClient = useQueryClient();
  const prefixes = queryPrefixes.join('\n');
  const accountPrefixes = (options.accountQueryPrefixes ?? []).join('\n');
  const claimPrefixes = (options.claimQueryPrefixes ?? []).join('\n');
  const [state, setState] = useState<LiveState>('connecting');
  // Read at each event, so a caller's new callback needs no new stream.
  const onLedgerRef = useRef(options.onLedger);
  onLedgerRef.current = options.onLedger;
  const onClaimRef = useRef(options.onClaim);
  onClaimRef.current = options.onClaim;
  const seenRef = useRef<string[]>([]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const list = prefixes.split('\n');
    const accountList = accountPrefixes ? accountPrefixes.split('\n') : [];
    const claimList = claimPrefixes ? claimPrefixes.split('\n') : [];
    const seen = seenRef.current;
    let source: EventSource;
    let retries = 0;
    let broken = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ predicate: prefixMatcher(list) });
    };
    const refreshAccount = () => {
      if (accountList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(accountList) });
    };
    const onLedger = (event?: MessageEvent) => {
      const id = event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      refresh();
      const row = id ? parseLedgerEvent(event?.data, id) : null;
      if (row) onLedgerRef.current?.(row);
    };
    const onBusiness = () => refreshAccount();
    // A claim's news comes again in a replay; its claim and status name it whatever the event id.
    const onClaim = (event?: MessageEvent) => {
      if (claimList.length === 0) return;
      const claim = parseClaimEvent(event?.data);
      const id = claim ? `claim:${claim.claimId}:${claim.status}` : event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      void queryClient.invalidateQueries({ predicate: prefixMatcher(claimList) });
      if (claim) onClaimRef.current?.(claim);
    };
    const connect = () => {
      source = new EventSource(ledgerEventsUrl, { withCredentials: true });
      source.addEventListener('ledger', onLedger);
      source.addEventListener('business', onBusiness);
      source.addEventListener('claim', onClaim);
      source.onopen = () => {
        // Back after a pause: what landed meanwhile was never sent, so refetch once.
        if (retries > 0) refresh();
        // Back after any break: a decision on the business is not replayed, nor, perhaps, a claim.
        if (broken) {
          refreshAccount();
          if (claimList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(claimList) });
        }
        retries = 0;
        broken = false;
        setState('live');
      };
      source.onerror = () => {
        broken = true;
        // A dropped stream is often the first sign the server is gone: the offline banner
        // should show before anyone tries to pay (issue 14).
        void checkReachable();
        if (source.readyState !== EventSource.CLOSED) {
          setState('reconnecting');
          return;
        }
        setState('paused');
        timer = setTimeout(connect, Math.min(eventStreamRetryAfterSeconds, 5 * 2 ** retries) * 1000);
        retries += 1;
      };
    };
    connect();
    return () => {
      clearTimeout(timer);
      source.removeEventListener('ledger', onLedger);
      source.removeEventListener('business', onBusiness);
      source.removeEventListener('claim', onClaim);
      source.close();
    };
  }, [queryClient, prefixes, accountPrefixes, claimPrefixes]);
  return state;
}
