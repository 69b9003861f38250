/**
 * Ledger events: when a payment, repayment, refund or reversal lands, the merchant's and the customer's open
 * screens refresh (and so on a business decision, a claim, a report or an invitation; and a
 * revoked staff member's open screens sign out). On PostgreSQL the signal travels through LISTEN/NOTIFY, never through
 * this process's memory alone, so a payment handled by one process reaches a merchant
 * connected to another; the notifications leave after the ledger row's commit, batched,
 * one round trip for all that landed meanwhile (a NOTIFY inside the paying transaction
 * would serialise commits). Embedded PGlite belongs to one process, so there
 * the signal stays in the process: every app on that database hears it. Every event is a
 * ledger row, named by its id, so a stream that missed some (a dropped connection, a lost
 * listening connection, a notification lost to a crash) replays them from the ledger itself.
 */
import pg from 'pg';
import type { ClaimEventData, InvitationEventData, ReportEventData } from '@common/schemas/events';
import { ledgerEntryTypes, type LedgerEntryType } from '@common/schemas/ledger';
import { businessStatus, invitationStatuses, paymentReportStatus, repaymentClaimStatus, type BusinessStatus } from '@common/schemas/statuses';
import { eventsPerNotifyMax, eventListenRetryMsMax, eventReplayMarginSeconds, eventReplayRowsMax, eventStreamsPerSessionMax, eventStreamsTotalMax, eventListenRetryMsFirst, eventSentIdsPerStreamMax } from '@common/limits';
import { systemClock, type Clock } from '../../clock';
import { preparedQuery, type Db } from '../../db/client';
import { uuidv7 } from '../../ids';
import { indiaDay, indiaDayStart } from '../../india-days';
import type { SharedLimits } from '../../shared-limits/shared-limits';
import * as repository from './events.repository';
import type { LedgerScope } from './events.repository';

export type { LedgerScope };

export const ledgerChannel = 'khata_ledger';

/** One ledger row as an event: `id` is the `transactions` row's id (a UUIDv7). */
export interface LedgerEvent {
  id: string;
  type: LedgerEntryType;
  businessId: string;
  customerId: string;
}

/** A ledger event as a stream sends it: the row's figures and names, for the merchant's alerts and receipts. */
export type LedgerEventDetails = LedgerEvent & repository.EventDetails;

/** An admin's decision on a business, sent to that business's open streams. */
export interface StatusEvent {
  businessId: string;
  status: BusinessStatus;
}

const businessStatuses = new Set<string>(businessStatus.options);

/**
 * A repayment claim's news: made, sent to the merchant's streams; confirmed or
 * declined, sent to the merchant's and the customer's (`customerId`, never sent on).
 */
export interface ClaimNews {
  event: ClaimEventData;
  customerId: string | null;
}

/**
 * A payment report's news: made, sent to the merchant's streams; answered (refunded or
 * declined), sent to the merchant's and the customer's (`customerId`, never sent on).
 */
export interface ReportNews {
  event: ReportEventData;
  customerId: string | null;
}

/**
 * An invitation's news: sent to the inviting merchant's streams always (so the merchant hears
 * alike whether or not the number is a customer's), and to the customer's when `customerId`
 * is given: the invited number's customer of a new or cancelled invitation, the customer who
 * accepted or declined one.
 */
export interface InvitationNews {
  event: InvitationEventData;
  customerId: string | null;
}

interface Subscriber {
  deliver(event: LedgerEvent): void;
  /** The business's status changed (scope business only). */
  decided(status: BusinessStatus): void;
  /** A repayment claim of the business or the customer was made or decided. */
  claimed(event: ClaimEventData): void;
  /** A payment of the business or the customer was reported, or its report answered. */
  reported(event: ReportEventData): void;
  /** An invitation of the business or to the customer was made, cancelled, accepted or declined. */
  invited(event: InvitationEventData): void;
  /** The listening connection was down for a while: read what it may have missed. */
  catchUp(): void;
}

const uuidv7Pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A client's Last-Event-ID if it is a UUIDv7, else null: anything malformed counts as absent. */
export function parseEventId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return uuidv7Pattern.test(id) ? id : null;
}

export const eventIdTimeMs = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

/**
 * A stream's starting point is an id of the moment it opened, not a ledger row: its last
 * twelve hex digits are zero, where a row's are random. A reconnect from one replays only
 * from a short margin before it: the rows before the page opened were on the page it
 * loaded, and a merchant's screen would announce them again as new. The margin
 * covers a payment that began just before the stream opened and committed after it.
 */
const startIdTail = '-000000000000';
const startIdReplayMarginSeconds = 2;
const startIdOf = (ms: number) => uuidv7(ms).slice(0, -startIdTail.length) + startIdTail;
const replayMarginSeconds = (id: string) => (id.endsWith(startIdTail) ? startIdReplayMarginSeconds : eventReplayMarginSeconds);
const eventTypes = new Set<string>(ledgerEntryTypes);

function parsePayload(payload: string): LedgerEvent | null {
  const [id, type, businessId, customerId] = payload.split(':');
  if (!id || !businessId || !customerId || !type || !eventTypes.has(type)) return null;
  return { id, type: type as LedgerEntryType, businessId, customerId };
}

const eventPayload = (event: LedgerEvent) => `${event.id}:${event.type}:${event.businessId}:${event.customerId}`;

// A decision's payload starts with a word no ledger id does.
const statusPrefix = 'status:';
const statusPayload = (event: StatusEvent) => `${statusPrefix}${event.businessId}:${event.status}`;

function parseStatusPayload(payload: string): StatusEvent | null {
  const [businessId, status] = payload.slice(statusPrefix.length).split(':');
  if (!businessId || !status || !businessStatuses.has(status)) return null;
  return { businessId, status: status as BusinessStatus };
}

// A claim's payload starts with a word no ledger id does either; the rest is JSON.
const claimPrefix = 'claim:';
const claimPayload = (news: ClaimNews) => `${claimPrefix}${JSON.stringify(news)}`;
const claimStatuses = new Set<string>(repaymentClaimStatus.options);

function parseClaimPayload(payload: string): ClaimNews | null {
  try {
    const news = JSON.parse(payload.slice(claimPrefix.length)) as ClaimNews;
    const { event } = news;
    if (!event || typeof event.claimId !== 'string' || typeof event.businessId !== 'string' || !claimStatuses.has(event.status)) return null;
    return { event, customerId: typeof news.customerId === 'string' ? news.customerId : null };
  } catch {
    return null;
  }
}

// A report's payload, the same way as a claim's.
const reportPrefix = 'report:';
const reportPayload = (news: ReportNews) => `${reportPrefix}${JSON.stringify(news)}`;
const reportStatuses = new Set<string>(paymentReportStatus.options);

function parseReportPayload(payload: string): ReportNews | null {
  try {
    const news = JSON.parse(payload.slice(reportPrefix.length)) as ReportNews;
    const { event } = news;
    if (!event || typeof event.reportId !== 'string' || typeof event.businessId !== 'string' || !reportStatuses.has(event.status)) return null;
    return { event, customerId: typeof news.customerId === 'string' ? news.customerId : null };
  } catch {
    return null;
  }
}

// An invitation's payload, the same way as a claim's.
const invitationPrefix = 'invitation:';
const invitationPayload = (news: InvitationNews) => `${invitationPrefix}${JSON.stringify(news)}`;
const invitationEventStatuses = new Set<string>(invitationStatuses.filter((status) => status !== 'expired'));

function parseInvitationPayload(payload: string): InvitationNews | null {
  try {
    const news = JSON.parse(payload.slice(invitationPrefix.length)) as InvitationNews;
    const { event } = news;
    if (!event || typeof event.invitationId !== 'string' || typeof event.businessId !== 'string'
      || !invitationEventStatuses.has(event.status)) return null;
    return { event, customerId: typeof news.customerId === 'string' ? news.customerId : null };
  } catch {
    return null;
  }
}

// A revoked membership's payload: the word, then the membership's id.
const revokedPrefix = 'revoked:';

/** The apps of this process on one embedded database, by its client: they hear each other. */
const embeddedListeners = new WeakMap<object, Set<(payload: string) => void>>();

/** Why a stream was refused: the session's own cap or this process's. */
export type StreamRefusal = 'session_streams_full' | 'process_streams_full';

export function createEventService(deps: {
  db: Db;
  clock?: Clock;
  streamsPerSessionMax?: number;
  streamsTotalMax?: number;
  /** With REDIS_URL: a session's streams are counted across every process. */
  shared?: SharedLimits;
}) {
  const { db, clock = systemClock } = deps;
  const streamsPerSessionMax = deps.streamsPerSessionMax ?? eventStreamsPerSessionMax;
  const streamsTotalMax = deps.streamsTotalMax ?? eventStreamsTotalMax;
  const subscribers = new Map<string, Set<Subscriber>>();
  // Open streams of sessions acting as a membership, by the membership's id: each ends when it is revoked.
  const revocationWatchers = new Map<string, Set<() => void>>();
  const streamsBySession = new Map<string, number>();
  let streamsOpen = 0;

  // The listening side. `generation` changes on stop(), so a connection attempt that
  // finishes after it is thrown away instead of leaking.
  let starting: Promise<void> | null = null;
  let generation = 0;
  let listener: pg.Client | null = null;
  let unlistenEmbedded: (() => void) | null = null;
  const client = (db as unknown as { $client: object }).$client;
  const onPostgres = client instanceof pg.Pool;
  const pool = onPostgres ? client : null;
  let retryTimer: NodeJS.Timeout | null = null;
  let listenFailures = 0;

  function dispatch(payload: string) {
    if (payload.startsWith(revokedPrefix)) {
      const memberId = payload.slice(revokedPrefix.length);
      for (const revoked of [...revocationWatchers.get(memberId) ?? []]) revoked();
      return;
    }
    if (payload.startsWith(claimPrefix)) {
      const news = parseClaimPayload(payload);
      if (!news) return;
      const keys = [`business:${news.event.businessId}`, ...(news.customerId ? [`customer:${news.customerId}`] : [])];
      for (const key of keys) for (const subscriber of subscribers.get(key) ?? []) subscriber.claimed(news.event);
      return;
    }
    if (payload.startsWith(reportPrefix)) {
      const news = parseReportPayload(payload);
      if (!news) return;
      const keys = [`business:${news.event.businessId}`, ...(news.customerId ? [`customer:${news.customerId}`] : [])];
      for (const key of keys) for (const subscriber of subscribers.get(key) ?? []) subscriber.reported(news.event);
      return;
    }
    if (payload.startsWith(invitationPrefix)) {
      const news = parseInvitationPayload(payload);
      if (!news) return;
      const keys = [`business:${news.event.businessId}`, ...(news.customerId ? [`customer:${news.customerId}`] : [])];
      for (const key of keys) for (const subscriber of subscribers.get(key) ?? []) subscriber.invited(news.event);
      return;
    }
    if (payload.startsWith(statusPrefix)) {
      const decision = parseStatusPayload(payload);
      if (!decision) return;
      for (const subscriber of subscribers.get(`business:${decision.businessId}`) ?? []) subscriber.decided(decision.status);
      return;
    }
    const event = parsePayload(payload);
    if (!event) return;
    for (const key of [`business:${event.businessId}`, `customer:${event.customerId}`]) {
      for (const subscriber of subscribers.get(key) ?? []) subscriber.deliver(event);
    }
  }

  function catchUpAll() {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.catchUp();
  }

  function scheduleListen(options: pg.ClientConfig, ofGeneration: number) {
    if (ofGeneration !== generation) return;
    const delayMs = Math.min(eventListenRetryMsMax, eventListenRetryMsFirst * 2 ** listenFailures);
    listenFailures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen(options, ofGeneration);
    }, delayMs);
  }

  /**
   * Opens the listening connection. Any error or end of it, now or later, schedules the
   * next attempt, forever until stop(); each success tells every open stream to catch up.
   */
  async function listen(options: pg.ClientConfig, ofGeneration: number): Promise<void> {
    if (ofGeneration !== generation) return;
    // The pool's own Client class: it bounds connecting and, with several hosts, finds the
    // primary (LISTEN is refused on a standby).
    const ClientClass = (pool as unknown as { Client?: typeof pg.Client } | null)?.Client ?? pg.Client;
    const client = new ClientClass(options);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      scheduleListen(options, ofGeneration);
    };
    client.on('notification', (message) => {
      if (message.channel === ledgerChannel) dispatch(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${ledgerChannel}`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    if (ofGeneration !== generation) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    listenFailures = 0;
    catchUpAll();
  }

  async function begin(ofGeneration: number): Promise<void> {
    if (client instanceof pg.Pool) {
      // Resolves after the first attempt whatever its outcome: streams opened while the
      // connection is down catch up when it comes back.
      await listen(client.options, ofGeneration);
    } else if (ofGeneration === generation) {
      const listeners = embeddedListeners.get(client) ?? new Set();
      embeddedListeners.set(client, listeners);
      listeners.add(dispatch);
      unlistenEmbedded = () => { listeners.delete(dispatch); };
    }
  }

  /** Starts listening once: concurrent first callers share the one start. */
  function start(): Promise<void> {
    if (!starting) {
      const attempt = begin(generation);
      starting = attempt;
      // A start that failed outright (the embedded database closed) is tried afresh next time.
      attempt.catch(() => { if (starting === attempt) starting = null; });
    }
    return starting;
  }

  /**
   * Whether ledger signals can arrive (readiness): on PostgreSQL, the LISTEN
   * connection is open; embedded, signals travel in-process and always can.
   */
  function listening(): boolean {
    return !onPostgres || listener !== null;
  }

  async function stop(): Promise<void> {
    generation += 1;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const pending = starting;
    starting = null;
    await pending?.catch(() => {});
    const client = listener;
    listener = null;
    await client?.end().catch(() => {});
    unlistenEmbedded?.();
    unlistenEmbedded = null;
    listenFailures = 0;
  }

  // The notifications waiting for the next round trip, and whether one is on its way.
  let pending: string[] = [];
  let sending = false;

  /** Sends what is pending, one NOTIFY statement per batch, until nothing is. */
  async function sendPending(): Promise<void> {
    sending = true;
    try {
      while (pending.length > 0) {
        const batch = pending.slice(0, eventsPerNotifyMax);
        pending = pending.slice(batch.length);
        await preparedQuery(db, 'khata_notify', 'select pg_notify($1, payload) from unnest($2::text[]) as payload',
          [ledgerChannel, batch]).catch(() => {
          // The database is away: these refreshes are lost, and the streams replay the
          // rows from the ledger when their listening connection comes back.
        });
      }
    } finally {
      sending = false;
    }
  }

  /**
   * Announces a ledger row that has committed. Never waits: on PostgreSQL the
   * notification joins the next batch; on PGlite every app of this process on the database
   * hears it on the next tick.
   */
  function publish(event: LedgerEvent): void {
    send(eventPayload(event));
  }

  /**
   * Announces an admin's decision on a business that has committed (a pending merchant's
   * open app changes without a reload). Not replayed after a lost connection:
   * the web app reads the status afresh whenever its stream reopens.
   */
  function publishStatus(event: StatusEvent): void {
    send(statusPayload(event));
  }

  /**
   * Announces a repayment claim made or decided, after its commit: to the
   * merchant's streams, and to the customer's when `customerId` is given. Like a status,
   * not replayed after a lost connection: the web app refetches the claims when its stream
   * reopens.
   */
  function publishClaim(news: ClaimNews): void {
    send(claimPayload(news));
  }

  /**
   * Announces a payment report made or answered, after its commit: to the merchant's
   * streams, and to the customer's when `customerId` is given. Not replayed after a lost
   * connection, as a claim: the web app refetches the reports when its stream reopens.
   */
  function publishReport(news: ReportNews): void {
    send(reportPayload(news));
  }

  /**
   * Announces an invitation made, cancelled, accepted or declined, after its commit: to the
   * merchant's streams, and to the customer's when `customerId` is given. Not replayed after
   * a lost connection, as a claim: the web app refetches the invitations when its stream reopens.
   */
  function publishInvitation(news: InvitationNews): void {
    send(invitationPayload(news));
  }

  /**
   * Announces a membership revoked, after its commit: every open stream of a session that
   * acted as it, in any process, signs out and closes (the sessions themselves were revoked
   * in the same transaction, so their next request is refused). Not replayed: a stream that
   * missed it reconnects into a 401 anyway.
   */
  function publishRevoked(memberId: string): void {
    send(`${revokedPrefix}${memberId}`);
  }

  /** Calls `revoked` when the membership is revoked; returns the unwatch. */
  function watchRevocation(memberId: string, revoked: () => void): () => void {
    const set = revocationWatchers.get(memberId) ?? new Set();
    set.add(revoked);
    revocationWatchers.set(memberId, set);
    return () => {
      set.delete(revoked);
      if (set.size === 0) revocationWatchers.delete(memberId);
    };
  }

  function send(payload: string): void {
    if (!onPostgres) {
      const listeners = [...(embeddedListeners.get(client) ?? [])];
      setImmediate(() => { for (const deliver of listeners) deliver(payload); });
      return;
    }
    pending.push(payload);
    if (!sending) setImmediate(() => { if (!sending) void sendPending(); });
  }

  function subscribe(key: string, subscriber: Subscriber): () => void {
    const set = subscribers.get(key) ?? new Set();
    set.add(subscriber);
    subscribers.set(key, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) subscribers.delete(key);
    };
  }

  /**
   * Takes one open-stream place for a session (by its token hash), or names the cap that
   * refuses it. The answer is synchronous, so concurrent requests cannot all slip past.
   */
  /**
   * A place for one more stream of the session, or why not. The process's own total bounds
   * its sockets and memory, so it stays per process; the session's cap is counted here and,
   * with REDIS_URL, across every process (counted here alone while Redis cannot answer).
   */
  async function admit(sessionKey: string): Promise<{ release(): void } | StreamRefusal> {
    const mine = streamsBySession.get(sessionKey) ?? 0;
    if (mine >= streamsPerSessionMax) return 'session_streams_full';
    if (streamsOpen >= streamsTotalMax) return 'process_streams_full';
    streamsBySession.set(sessionKey, mine + 1);
    streamsOpen += 1;
    let released = false;
    const local = () => {
      if (released) return;
      released = true;
      streamsOpen -= 1;
      const left = (streamsBySession.get(sessionKey) ?? 1) - 1;
      if (left > 0) streamsBySession.set(sessionKey, left);
      else streamsBySession.delete(sessionKey);
    };
    const everywhere = deps.shared ? await deps.shared.admitStream(sessionKey, streamsPerSessionMax) : null;
    if (everywhere === 'full') {
      local();
      return 'session_streams_full';
    }
    return { release() { local(); everywhere?.release(); } };
  }

  /**
   * Follows one caller's ledger for one stream: first the rows it missed since
   * `lastEventId` (from a margin before that id's time, see eventReplayMarginSeconds),
   * then new rows as they land, each id sent at most once on this stream. Without a
   * last id the stream starts at `startId`, an id of the present moment the client keeps
   * as its Last-Event-ID until a real event replaces it. A replay never reaches before
   * `notBefore`, nor, with `todayOnly`, before the current India day, whatever the last id.
   */
  function follow(scope: LedgerScope, lastEventId: string | null, options: {
    /** The earliest a replay may reach (a counter's session start). */
    notBefore?: Date;
    /** Replays stay within the current India day (a role that may not read the shop's history). */
    todayOnly?: boolean;
    send(event: LedgerEventDetails): void;
    /** The business's status changed (scope business only). */
    sendStatus(status: BusinessStatus): void;
    /** A repayment claim was made or decided. */
    sendClaim(event: ClaimEventData): void;
    /** A payment report was made or answered. */
    sendReport(event: ReportEventData): void;
    /** An invitation was made, cancelled, accepted or declined (a follower that reads only the ledger leaves it out). */
    sendInvitation?(event: InvitationEventData): void;
    onError(error: unknown): void;
  }) {
    const startId = lastEventId ?? startIdOf(clock().getTime());
    let cursor = startId;
    let closed = false;
    const sent = new Set<string>([startId]);
    // Events wait here for their figures: one query for all that arrived meanwhile, sent
    // in arrival order. An id counts as sent only once it went out, so one whose figures
    // could not be read (the database away) comes again with the next catch-up.
    let waiting: LedgerEvent[] = [];
    let sending: Promise<void> = Promise.resolve();
    const sendWaiting = () => {
      sending = sending.then(async () => {
        const batch = waiting;
        waiting = [];
        if (closed || batch.length === 0) return;
        let details: Map<string, repository.EventDetails>;
        try {
          details = await repository.eventDetails(db, batch.map((event) => event.id));
        } catch (error) {
          for (const event of batch) sent.delete(event.id);
          throw error;
        }
        for (const event of batch) {
          const found = details.get(event.id);
          if (closed || !found) continue;
          if (event.id > cursor) cursor = event.id;
          options.send({ ...event, ...found });
        }
      }).catch(options.onError);
    };
    const deliver = (event: LedgerEvent) => {
      if (closed || sent.has(event.id)) return;
      sent.add(event.id);
      if (sent.size > eventSentIdsPerStreamMax) sent.delete(sent.values().next().value!);
      waiting.push(event);
      if (waiting.length === 1) queueMicrotask(sendWaiting);
    };
    // One replay at a time; a catch-up asked for during one runs after it.
    let replaying: Promise<void> = Promise.resolve();
    const catchUp = () => {
      replaying = replaying.then(async () => {
        if (closed) return;
        const since = new Date(Math.max(
          eventIdTimeMs(cursor) - replayMarginSeconds(cursor) * 1000,
          options.notBefore?.getTime() ?? 0,
          options.todayOnly ? indiaDayStart(indiaDay(clock())).getTime() : 0,
        ));
        const rows = await repository.rowsSince(db, scope, since, eventReplayRowsMax);
        for (const row of rows) deliver(row);
      }).catch(options.onError);
    };
    const decided = (status: BusinessStatus) => { if (!closed) options.sendStatus(status); };
    const claimed = (event: ClaimEventData) => { if (!closed) options.sendClaim(event); };
    const reported = (event: ReportEventData) => { if (!closed) options.sendReport(event); };
    const invited = (event: InvitationEventData) => { if (!closed) options.sendInvitation?.(event); };
    const key = 'businessId' in scope ? `business:${scope.businessId}` : `customer:${scope.customerId}`;
    const unsubscribe = subscribe(key, { deliver, decided, claimed, reported, invited, catchUp });
    if (lastEventId) catchUp();
    return {
      startId,
      close() {
        closed = true;
        unsubscribe();
      },
    };
  }

  return {
    start, stop, listening, publish, publishStatus, publishClaim, publishReport, publishInvitation, publishRevoked, watchRevocation,
    admit, follow,
  };
}

export type EventService = ReturnType<typeof createEventService>;
