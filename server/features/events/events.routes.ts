import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type {
  BusinessEventData, ClaimEventData, InvitationEventData, LedgerEventData, ReportEventData, SignedOutEventData,
} from '@common/schemas/events';
import { eventStreamRetryAfterSeconds, eventStreamsPerSessionMax, eventKeepAliveMs } from '@common/limits';
import { mayDo } from '@common/permissions';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import { fromTable, type TableRouteHandler } from '../../route';
import type { SessionService } from '../sessions/sessions.service';
import { eventIdTimeMs, parseEventId, type EventService, type LedgerEventDetails, type LedgerScope, type StreamRefusal } from './events.service';

/** `event: reconnect`'s data: nothing, the event itself is the news (see reconnectText). */
type ReconnectEventData = Record<string, never>;

const refusals: Record<StreamRefusal, () => AppError> = {
  session_streams_full: () => new AppError('streams_per_session_full', { windows: eventStreamsPerSessionMax }),
  process_streams_full: () => new AppError('streams_busy'),
};

/** One ledger row as a server-sent event: the row's id is the event's id. */
function eventText(event: LedgerEventDetails): string {
  const data: LedgerEventData = {
    transactionId: event.id, type: event.type, amount: event.amount, fee: event.fee, totalAmount: event.totalAmount,
    customerName: event.customerName, businessName: event.businessName, createdAt: event.createdAt,
    // A refund names its payment, a reversal its repayment; other rows say nothing.
    ...(event.originalId ? { originalId: event.originalId } : {}),
  };
  // JSON escapes line breaks, so a name cannot end the event early.
  return `id: ${event.id}\nevent: ledger\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An admin's decision on the merchant's business; no id, so Last-Event-ID stays the ledger's. */
function statusText(status: BusinessEventData['status']): string {
  const data: BusinessEventData = { status };
  return `event: business\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A repayment claim made or decided; no id either, for the same reason. */
function claimText(event: ClaimEventData): string {
  const data: ClaimEventData = {
    claimId: event.claimId, creditAccountId: event.creditAccountId, businessId: event.businessId, status: event.status,
    amount: event.amount, customerName: event.customerName, businessName: event.businessName,
  };
  return `event: claim\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A payment reported, or its report answered; no id either. */
function reportText(event: ReportEventData): string {
  const data: ReportEventData = {
    reportId: event.reportId, transactionId: event.transactionId, businessId: event.businessId, status: event.status,
    reason: event.reason, froze: event.froze, amount: event.amount, customerName: event.customerName,
    businessName: event.businessName,
  };
  return `event: report\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An invitation made, cancelled, accepted or declined; no id either. */
function invitationText(event: InvitationEventData): string {
  const data: InvitationEventData = { invitationId: event.invitationId, businessId: event.businessId, status: event.status };
  return `event: invitation\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The session's membership was revoked: the last thing its stream says. */
function signedOutText(): string {
  const data: SignedOutEventData = {};
  return `event: signed_out\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The server is stopping (a deploy, a restart): the last thing every stream says. The
 * browser's EventSource reconnects by itself when a stream ends, after `retry`; each
 * stream gets its own delay within a few seconds, so the streams of a stopped process
 * do not all land on the remaining ones (or the restarted one) at the same moment.
 */
const reconnectAfterStopMsMin = 500;
const reconnectAfterStopMsMax = 5_000;
function reconnectText(): string {
  const retryMs = reconnectAfterStopMsMin + Math.floor(Math.random() * (reconnectAfterStopMsMax - reconnectAfterStopMsMin));
  const data: ReconnectEventData = {};
  return `retry: ${retryMs}\nevent: reconnect\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/events: a server-sent event stream. Each new ledger row of the caller (a
 * merchant's business or a customer) arrives as `event: ledger` with the row's id and
 * figures; the web app refetches and, for a merchant, announces it. A reconnect with
 * Last-Event-ID first replays what it missed. A merchant's stream also carries
 * `event: business` when an admin decides on the business, and both sides' streams
 * `event: claim` when a repayment claim is made (merchant) or decided (both), and
 * `event: report` when a payment is reported (merchant) or its report answered (both), and
 * `event: invitation` when the merchant's invitation changes or the customer is invited. A
 * shop's stream is the shop the session acts for (its membership's); when an owner revokes
 * that membership the stream says `event: signed_out` and closes; when the server stops,
 * every stream says `event: reconnect` (with a `retry:` delay) and closes. A role without the
 * shop's history replays nothing from before the current India day, and one that may not
 * decide claims hears no claims or reports.
 */
export async function eventRoutes(instance: FastifyInstance, { events, sessions, streamSeconds }: {
  events: EventService; sessions: SessionService;
  /** How long one stream lasts; the browser's EventSource reconnects by itself. */
  streamSeconds: number;
}) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Each open stream's close; `reconnect` says first that the server is stopping.
  const open = new Map<() => void, () => void>();
  app.addHook('preClose', async () => { for (const reconnect of [...open.values()]) reconnect(); });

  const serve: TableRouteHandler<'GET /api/events'> = async (request, reply) => {
    const { user, tokenHash } = requireSession(request);
    // Refused before the reply is taken over, so a refusal is an ordinary JSON answer.
    const place = await events.admit(tokenHash);
    if (typeof place === 'string') {
      return reply.code(429).header('retry-after', String(eventStreamRetryAfterSeconds))
        .send(refusals[place]().body());
    }
    // A shop's counter (docs/security.md, "Counter mode") hears the shop's payments from the
    // moment its session began, nothing older and nothing else: no repayments, claims or
    // decisions, and no replay from a Last-Event-ID of its own choosing.
    const counter = user.role === 'counter';
    // EventSource sends the header by itself on its reconnects; malformed counts as absent.
    let lastEventId = parseEventId(request.headers['last-event-id']);
    const { shop } = user;
    // What the role may read elsewhere bounds what it hears here: a cashier lists only
    // today's rows (the transactions service) and no claims or reports.
    const todayOnly = shop !== null && !mayDo(shop.role, 'history');
    const hearsClaims = !counter && (shop === null || mayDo(shop.role, 'claims'));
    const scope: LedgerScope = shop ? { businessId: shop.businessId } : { customerId: user.id };
    // Watched before the session is checked once more below, so a revocation committed
    // since the request's own check is either heard or seen.
    let revoked = false;
    let onRevoked = () => { revoked = true; };
    const unwatch = shop ? events.watchRevocation(shop.memberId, () => onRevoked()) : () => {};
    let notBefore: Date | undefined;
    try {
      if (counter) {
        notBefore = await sessions.startedAt(tokenHash);
        if (lastEventId && eventIdTimeMs(lastEventId) < notBefore.getTime()) lastEventId = null;
      }
      await events.start();
      const live = !shop || await sessions.isLive(tokenHash);
      if (!live || revoked) throw new AppError('session_gone');
    } catch (error) {
      unwatch();
      place.release();
      throw error;
    }
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      ...reply.getHeaders() as Record<string, string>,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    const following = events.follow(scope, lastEventId, {
      notBefore,
      todayOnly,
      send: (event) => { if (!closed && (!counter || event.type === 'payment')) stream.write(eventText(event)); },
      sendStatus: (status) => { if (!closed && !counter) stream.write(statusText(status)); },
      sendClaim: (event) => { if (!closed && hearsClaims) stream.write(claimText(event)); },
      sendReport: (event) => { if (!closed && hearsClaims) stream.write(reportText(event)); },
      sendInvitation: (event) => { if (!closed && !counter) stream.write(invitationText(event)); },
      onError: (error) => request.log.warn({ err: error }, 'ledger replay failed'),
    });
    // Without a last id, the stream's start becomes the client's Last-Event-ID (an `id:`
    // alone dispatches nothing), so a reconnect replays from here.
    stream.write(`retry: 2000\n${lastEventId ? '' : `id: ${following.startId}\n`}: connected\n\n`);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), eventKeepAliveMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      following.close();
      unwatch();
      place.release();
      open.delete(close);
      stream.end();
    };
    // The membership this stream follows was revoked. The session may act for another shop
    // by now (a person who picked another): then it lives on, and only this stream, which
    // follows the old shop, ends; the client reconnects to the shop it acts for.
    onRevoked = () => {
      if (closed) return;
      sessions.isLive(tokenHash).then((live) => {
        if (closed) return;
        if (!live) stream.write(signedOutText());
        close();
      }, (error: unknown) => {
        // Unsure whether the session lives: end the stream and let the reconnect find out.
        request.log.warn({ err: error }, 'session check after a revocation failed');
        close();
      });
    };
    // Streams are recycled now and then, so a proxy's idle limits and a changed session
    // (logout elsewhere) are picked up on the reconnect.
    const lifetime = setTimeout(close, streamSeconds * 1000);
    open.set(close, () => {
      if (!closed) stream.write(reconnectText());
      close();
    });
    // The response's close is the connection's; the request's may come earlier or never.
    stream.on('close', close);
    if (stream.destroyed) close();
  };

  app.route(fromTable('GET /api/events', {
    // Every role of a shop hears its shop; a counter session its shop's payments
    // (docs/security.md, "Counter mode").
    config: { access: ['customer', 'shop:shop.view', 'counter'] }, handler: serve,
  }));
}
