/**
 * Which reads of a request may come from the replica (db/read-routing.ts): none for
 * READ_AFTER_WRITE_SECONDS after the same session's last write, so a payer's history shows
 * the payment at once. A write is any /api request other than GET/HEAD/OPTIONS not refused
 * with a 4xx (a 5xx may have written). Without a replica nothing is recorded.
 *
 * How the last write is known, across processes: each write's answer sets the cookie
 * `fresh_until` (HttpOnly, SameSite=Strict, path /api, for the window), holding the instant
 * the window ends, so the next request, whichever process it reaches, carries it. The
 * process also remembers it per session token, for clients that send a bearer token and no
 * cookies (within that process only). The cookie is the client's to keep: dropping it only
 * lets the client read its own data a moment old, and forging it only sends its reads to
 * the primary, as with no replica, so it is neither signed nor kept in the database (which
 * would put a write on every payment).
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Freshness, ReadRouting } from '../db/read-routing';
import type { CookieOptions } from './cookies';

export const freshUntilCookie = 'fresh_until';

/** Sessions remembered by this process; the oldest are forgotten first beyond this. */
const rememberedSessionsMax = 100_000;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How far ahead of this process's clock another process's cookie may reach and still count:
 * the clocks of the processes behind one load balancer may differ by a little.
 */
export const clockSlackMs = 5_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether this request's lagging reads may use the replica: computed when first read. */
    readonly freshness: Freshness;
  }
}

const tokenHashOf = (request: FastifyRequest) => request.session?.tokenHash ?? request.recalled?.tokenHash;

export const readAfterWritePlugin = fp(async (app: FastifyInstance, options: {
  reads: ReadRouting; cookies: CookieOptions; now?: () => number;
}) => {
  const { reads, cookies } = options;
  const now = options.now ?? Date.now;
  const windowMs = reads.readAfterWriteSeconds * 1000;
  /** Session token hash → when its window ends (ms), oldest write first. */
  const wroteUntil = new Map<string, number>();

  function freshness(request: FastifyRequest): Freshness {
    if (!reads.replicated) return 'fresh';
    const at = now();
    // A value beyond one window (and the clock slack) ahead was not set by us: it is ignored, as a missing one.
    const fromCookie = Number(request.cookies[freshUntilCookie]);
    if (fromCookie > at && fromCookie <= at + windowMs + clockSlackMs) return 'fresh';
    const tokenHash = tokenHashOf(request);
    const remembered = tokenHash === undefined ? undefined : wroteUntil.get(tokenHash);
    return remembered !== undefined && remembered > at ? 'fresh' : 'may-lag';
  }

  app.decorateRequest('freshness', { getter(this: FastifyRequest) { return freshness(this); } });
  if (!reads.replicated) return;

  // The callback form: no extra await on every answer (a payment's included).
  const recordWrite: onSendHookHandler = (request, reply, payload, done) => {
    if (safeMethods.has(request.method) || (reply.statusCode >= 400 && reply.statusCode < 500) || !request.url.startsWith('/api/')) {
      done(null, payload);
      return;
    }
    const until = now() + windowMs;
    reply.setCookie(freshUntilCookie, String(until), cookies(request, '/api', reads.readAfterWriteSeconds));
    const tokenHash = tokenHashOf(request);
    if (tokenHash !== undefined) {
      wroteUntil.delete(tokenHash);
      wroteUntil.set(tokenHash, until);
      if (wroteUntil.size > rememberedSessionsMax) wroteUntil.delete(wroteUntil.keys().next().value!);
    }
    done(null, payload);
  };
  app.addHook('onSend', recordWrite);
});
