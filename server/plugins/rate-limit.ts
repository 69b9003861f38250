/**
 * Plain request limits: per session for signed-in calls, per client address for everything
 * else; counted in this process's memory, or with REDIS_URL in Redis, shared by every
 * process (server/shared-limits/shared-limits.ts; while Redis cannot answer, each process counts alone).
 * Every decision is made on the matched route, never on the raw URL, so a percent-encoded
 * path (`/%61pi/...`) is counted like the path it routes to. The limits that guard secrets (PIN attempts, OTP sends per
 * phone) live in the database instead and hold across processes.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitKeysMax } from '@common/limits';
import { AloneWindows } from '../shared-limits/alone-windows';
import type { SharedLimits } from '../shared-limits/shared-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route's own per-address limit, on top of the general one: OTP sends, which cost
     * an SMS each.
     */
    addressLimitPerMinute?: number;
  }
}

export interface RateLimitOptions {
  /** Requests a minute per client address for calls without a valid session; 0: off. */
  addressLimitPerMinute: number;
  /** Requests a minute per session for signed-in calls; 0: off. */
  sessionLimitPerMinute: number;
  /** With REDIS_URL: the counts every process shares. */
  shared?: SharedLimits;
}

type StoreOptions = Parameters<typeof rateLimit>[1] & { limiter?: string };
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over the shared counts. Each limiter is its own
 * child, named (`limiter`), so the per-address and per-route limiters, which count the same
 * address, keep separate counts. While Redis cannot answer, each process counts alone in its
 * memory, as without REDIS_URL: a limit is then at most one per process, never none.
 */
function sharedStore(shared: SharedLimits) {
  class SharedStore {
    private readonly count;
    private readonly alone = new AloneWindows(rateLimitKeysMax);
    // The plugin hands the store (and each child) the options createRateLimit was given,
    // `limiter` among them; its types name only a route's options.
    constructor(options: object) { this.count = shared.requests((options as StoreOptions).limiter ?? 'default'); }
    incr(key: string, callback: StoreCallback, timeWindow: number) {
      void this.count(key, timeWindow).then((counted) => callback(null, counted
        ? { current: counted.current, ttl: counted.ttlMs } : this.alone.count(key, timeWindow)));
    }
    child(options: object) { return new SharedStore(options); }
  }
  return SharedStore;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

class RateLimited extends Error {
  readonly statusCode = 429;
  constructor() { super('Rate limit exceeded'); }
}

/** Counts the request; past the limit, answers 429 with Retry-After (the errors plugin writes the body). */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: { header(name: string, value: string): unknown }) {
  const outcome = await limiter(request);
  if (outcome.isAllowed || !outcome.isExceeded) return;
  reply.header('retry-after', String(Math.max(1, outcome.ttlInSeconds)));
  throw new RateLimited();
}

/**
 * Registered after the access plugin has resolved `request.session` (in preValidation)
 * and before it authorises (in preHandler), so a call with a made-up token counts on its
 * address before it is refused with 401: a random bearer token never buys a fresh bucket.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  const { addressLimitPerMinute, sessionLimitPerMinute, shared } = options;
  if (addressLimitPerMinute <= 0 && sessionLimitPerMinute <= 0) return;

  // global: false, so the plugin adds no hooks of its own; this file decides what counts.
  await app.register(rateLimit, { global: false, ...(shared ? { store: sharedStore(shared) } : {}) });
  const limiter = (name: string, max: number, keyGenerator?: (request: FastifyRequest) => string) => app.createRateLimit({
    limiter: name, max, timeWindow: 60_000, ...(keyGenerator ? { keyGenerator } : {}), cache: rateLimitKeysMax,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);

  // The address limiter uses the plugin's key: the client address, IPv6 folded to its /64.
  const perAddress = addressLimitPerMinute > 0 ? limiter('address', addressLimitPerMinute) : undefined;
  const perSession = sessionLimitPerMinute > 0
    ? limiter('session', sessionLimitPerMinute, (request) => (request.session ?? request.recalled)!.tokenHash)
    : undefined;
  const perRoute = new Map<string, Limiter>();

  app.addHook('onRoute', (route) => {
    const max = route.config?.addressLimitPerMinute;
    const name = `${route.method}:${route.url}`;
    if (max !== undefined && addressLimitPerMinute > 0) perRoute.set(name, limiter(`route:${name}`, max));
  });

  app.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url;
    // Web pages and assets are not limited; an unmatched path has no route and does nothing.
    if (route === undefined || !route.startsWith('/api')) return;
    // A remembered token (see access.ts) was seen live in this process: it counts on its
    // own session's budget; once its statement finds it dead it is forgotten, and its next
    // call is resolved and counted as any other.
    if (request.session || request.recalled) {
      if (perSession) await enforce(perSession, request, reply);
      return;
    }
    if (perAddress) await enforce(perAddress, request, reply);
    const own = perRoute.get(`${request.routeOptions.method}:${route}`);
    if (own) await enforce(own, request, reply);
  });
});
