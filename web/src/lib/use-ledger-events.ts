/**
 * Keeps the screen current when the ledger changes elsewhere: a customer paying this
 * merchant, a merchant recording this customer's repayment. The server pushes a `ledger`
 * event per ledger row (server-sent events, GET /api/events, authenticated by the session
 * cookie) and the queries whose key starts with one of the given prefixes are refetched.
 * The shells pass their features' query keys in. No polling (docs/product.md, "Live
 * updates"). A merchant's stream also says when an admin decides on the business
 * (`business`), and the merchant's alerts read each new ledger row's figures. A repayment
 * claim's news (`claim`) refetches the queries the shell names for it and is handed over
 * once per claim and status; a payment report's news (`report`) likewise. An invitation's news
 * (`invitation`: offered or withdrawn to the customer, answered to the merchant) refetches
 * the queries named for it, once per invitation and status. Each event's data is parsed with
 * its schema (common/schemas/events.ts): one that does not fit still refetches, but is not
 * handed over. When the server ends the session (a staff member revoked), the stream says
 * `signed_out` and closes: it is not opened again, and the shell is told.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { eventStreamRetryAfterSeconds, eventSeenIdsMax } from '@common/limits';
import type { ClaimEventData, LedgerEventData, ReportEventData } from '@common/schemas/events';
import { afterUsable } from './after-usable';
import { checkReachable } from './connection';

export const ledgerEventsUrl = '/api/events';

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
  /** Queries refetched on a repayment claim's news; without them, claims are ignored. */
  claimQueryPrefixes?: readonly string[];
  /** Each claim's news, once per claim and status while the hook is mounted. */
  onClaim?: (event: ClaimEventData) => void;
  /** Queries refetched on a payment report's news (made, refunded, declined); without them, reports are ignored. */
  reportQueryPrefixes?: readonly string[];
  /** Each report's news, once per report and status while the hook is mounted. */
  onReport?: (event: ReportEventData) => void;
  /** Queries refetched on an invitation's news; without them, invitations are ignored. */
  invitationQueryPrefixes?: readonly string[];
  /** The server ended this session (`signed_out`); the stream is closed for good. */
  onSignedOut?: () => void;
}

/**
 * An event's data when it is the JSON its schema describes; null for anything else (not
 * JSON, a field missing or of the wrong kind), which the caller ignores.
 */
function parseEvent<T>(schema: z.ZodMiniType<T>, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type EventSchemas = typeof import('@common/schemas/events');
/**
 * The events' schemas (and zod with them) stay out of the home's first download: the
 * stream opens at once, and they load once the home is usable (lib/after-usable.ts), or
 * at the first event that comes before that, which waits for them.
 */
let eventSchemas: EventSchemas | undefined;
let loadingEventSchemas: Promise<EventSchemas> | undefined;
export const loadEventSchemas = () =>
  (loadingEventSchemas ??= import('@common/schemas/events').then(
    (loaded) => (eventSchemas = loaded),
    (error: unknown) => {
      // Asked again at the next event (a lazy chunk gone after a deploy reloads the page).
      loadingEventSchemas = undefined;
      throw error;
    },
  ));

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
  const reportPrefixes = (options.reportQueryPrefixes ?? []).join('\n');
  const invitationPrefixes = (options.invitationQueryPrefixes ?? []).join('\n');
  const [state, setState] = useState<LiveState>('connecting');
  // Read at each event, so a caller's new callback needs no new stream.
  const onLedgerRef = useRef(options.onLedger);
  onLedgerRef.current = options.onLedger;
  const onClaimRef = useRef(options.onClaim);
  onClaimRef.current = options.onClaim;
  const onReportRef = useRef(options.onReport);
  onReportRef.current = options.onReport;
  const onSignedOutRef = useRef(options.onSignedOut);
  onSignedOutRef.current = options.onSignedOut;
  const seenRef = useRef<string[]>([]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const list = prefixes.split('\n');
    const accountList = accountPrefixes ? accountPrefixes.split('\n') : [];
    const claimList = claimPrefixes ? claimPrefixes.split('\n') : [];
    const reportList = reportPrefixes ? reportPrefixes.split('\n') : [];
    const invitationList = invitationPrefixes ? invitationPrefixes.split('\n') : [];
    const seen = seenRef.current;
    let source: EventSource | undefined;
    let schemas: EventSchemas | undefined = eventSchemas;
    // Events that came before the schemas, handled in order once they are there.
    const early: (() => void)[] = [];
    let stopped = false;
    let retries = 0;
    let broken = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ predicate: prefixMatcher(list) });
    };
    const refreshAccount = () => {
      if (accountList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(accountList) });
    };
    const takeSchemas = (loaded: EventSchemas) => {
      if (stopped || schemas) return;
      schemas = loaded;
      for (const handle of early.splice(0)) handle();
    };
    const loadSchemas = () => void loadEventSchemas().then(takeSchemas, () => {});
    /** `handle`, given the schemas: at once when they are there, else once they have loaded. */
    const withSchemas = (handle: (schemas: EventSchemas, event?: MessageEvent) => void) => (event?: MessageEvent) => {
      if (schemas) {
        handle(schemas, event);
        return;
      }
      early.push(() => handle(schemas!, event));
      loadSchemas();
    };
    const onLedger = withSchemas((schemas, event) => {
      const id = event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      refresh();
      const row = id ? parseEvent(schemas.ledgerEvent, event?.data) : null;
      if (row) onLedgerRef.current?.(row);
    });
    const onBusiness = () => refreshAccount();
    // A claim's news comes again in a replay; its claim and status name it whatever the event id.
    const onClaim = withSchemas((schemas, event) => {
      if (claimList.length === 0) return;
      const claim = parseEvent(schemas.claimEvent, event?.data);
      const id = claim ? `claim:${claim.claimId}:${claim.status}` : event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      void queryClient.invalidateQueries({ predicate: prefixMatcher(claimList) });
      if (claim) onClaimRef.current?.(claim);
    });
    // As a claim's: a report's news comes again in a replay, named by its report and status.
    const onReport = withSchemas((schemas, event) => {
      if (reportList.length === 0) return;
      const report = parseEvent(schemas.reportEvent, event?.data);
      const id = report ? `report:${report.reportId}:${report.status}` : event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      void queryClient.invalidateQueries({ predicate: prefixMatcher(reportList) });
      if (report) onReportRef.current?.(report);
    });
    // As a report's: named by its invitation and status, refetched once for each.
    const onInvitation = withSchemas((schemas, event) => {
      if (invitationList.length === 0) return;
      const invitation = parseEvent(schemas.invitationEvent, event?.data);
      const id = invitation ? `invitation:${invitation.invitationId}:${invitation.status}` : event?.lastEventId;
      if (id) {
        if (seen.includes(id)) return;
        if (seen.push(id) > eventSeenIdsMax) seen.shift();
      }
      void queryClient.invalidateQueries({ predicate: prefixMatcher(invitationList) });
    });
    // The session is over: trying again would only be refused.
    const onSignedOut = () => {
      clearTimeout(timer);
      source?.close();
      onSignedOutRef.current?.();
    };
    const connect = () => {
      const opened = new EventSource(ledgerEventsUrl, { withCredentials: true });
      source = opened;
      source.addEventListener('ledger', onLedger);
      source.addEventListener('business', onBusiness);
      source.addEventListener('claim', onClaim);
      source.addEventListener('report', onReport);
      source.addEventListener('invitation', onInvitation);
      source.addEventListener('signed_out', onSignedOut);
      source.onopen = () => {
        // Back after a pause: what landed meanwhile was never sent, so refetch once.
        if (retries > 0) refresh();
        // Back after any break: a decision on the business is not replayed, nor, perhaps, a claim, a report or an invitation.
        if (broken) {
          refreshAccount();
          if (claimList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(claimList) });
          if (reportList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(reportList) });
          if (invitationList.length > 0) void queryClient.invalidateQueries({ predicate: prefixMatcher(invitationList) });
        }
        retries = 0;
        broken = false;
        setState('live');
      };
      source.onerror = () => {
        broken = true;
        // A dropped stream is often the first sign the server is gone: the offline banner
        // should show before anyone tries to pay.
        void checkReachable();
        if (opened.readyState !== EventSource.CLOSED) {
          setState('reconnecting');
          return;
        }
        setState('paused');
        timer = setTimeout(connect, Math.min(eventStreamRetryAfterSeconds, 5 * 2 ** retries) * 1000);
        retries += 1;
      };
    };
    connect();
    const cancelSchemas = schemas ? undefined : afterUsable(loadSchemas);
    return () => {
      stopped = true;
      cancelSchemas?.();
      clearTimeout(timer);
      if (!source) return;
      source.removeEventListener('ledger', onLedger);
      source.removeEventListener('business', onBusiness);
      source.removeEventListener('claim', onClaim);
      source.removeEventListener('report', onReport);
      source.removeEventListener('invitation', onInvitation);
      source.removeEventListener('signed_out', onSignedOut);
      source.close();
    };
  }, [queryClient, prefixes, accountPrefixes, claimPrefixes, reportPrefixes, invitationPrefixes]);
  return state;
}
