/**
 * Request limits and live-update stream caps shared by every Khata process through Redis
 * (REDIS_URL), so three processes allow what one does. Without REDIS_URL nothing here runs
 * and each process counts in its own memory, as before; while Redis cannot answer, each
 * process counts alone the same way (logged, and counted for metrics). Why Redis and not a
 * table in our own database: docs/operations.md.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** How long a stream counts without its process's heartbeat: a crashed process's streams stop counting within it. */
export const sharedStreamTtlMs = 45_000;
/** How often a process tells Redis its streams are still open (a third of their time to live). */
export const sharedStreamHeartbeatMs = 15_000;
/** A Redis call slower than this counts as Redis being unavailable: a request never waits longer on it. */
export const sharedLimitsCommandTimeoutMs = 250;
/**
 * After a Redis call fails or times out, every check counts in this process alone for this
 * long without calling Redis, then one background PING probes it: a slow Redis (swapping, a
 * fork, a lossy network) then costs one request commandTimeoutMs every few seconds, not every
 * request (and twice an unauthenticated one, which meets two limiters).
 */
export const sharedLimitsBreakerMs = 5_000;
/** While Redis is unavailable, one log line at most this often (with the count of checks made alone meanwhile). */
const unavailableLogEveryMs = 30_000;
/** The key prefix when REDIS_URL names none (`?prefix=`). */
const defaultKeyPrefix = 'khata:';

/**
 * A fixed window per key, as @fastify/rate-limit's own Redis store counts: the first call
 * of a window sets its expiry, every call adds one, all in one round trip.
 */
const countScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/**
 * A session's open streams are a sorted set: one member per stream (process id, stream id),
 * scored by the moment it stops counting. Entries past that moment are dropped before the
 * count, so the streams of a process that died without saying so drop out by themselves.
 * Redis's own clock decides, so the processes' clocks need not agree.
 */
const admitScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** A heartbeat: the stream counts for another time to live (re-added if Redis lost it). */
const refreshScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

type SharedRedis = Redis & {
  khataCount(key: string, windowMs: number): Promise<[number, number]>;
  khataAdmit(key: string, member: string, max: number, ttlMs: number): Promise<number>;
  khataRefresh(key: string, member: string, ttlMs: number): Promise<number>;
};

/** One limiter's count of one key in the current window. */
export interface WindowCount { current: number; ttlMs: number }

/** Counts requests per key for one named limiter; null when Redis could not answer (the caller counts alone). */
export type SharedRequestCounter = (key: string, windowMs: number) => Promise<WindowCount | null>;

/** A session's place among its open streams in every process; `release` when the stream ends. */
export interface SharedStreamPlace { release(): void }

export interface SharedLimits {
  /** The counter of one named limiter (its keys never meet another limiter's). */
  requests(limiter: string): SharedRequestCounter;
  /**
   * Admits one more stream of the session if fewer than `max` are open in every process
   * together: 'full' when not, null when Redis could not answer (the caller counts in its own memory).
   */
  admitStream(sessionKey: string, max: number): Promise<SharedStreamPlace | 'full' | null>;
  /** Checks Redis could not answer (counted in this process alone), since the start (for metrics). */
  unavailableTotal(): number;
  /**
   * Resolves true once Redis answers, or false after `timeoutMs`: main.ts waits for it before
   * listening, so the first requests are shared too (until then each process counts alone).
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Where unavailability is told (main.ts points it at the app's log once the app exists). */
  onUnavailable(log: (message: string, error: unknown) => void): void;
  close(): Promise<void>;
}

export interface SharedLimitsOptions {
  /** Tests shorten these to see a crashed process's streams drop out quickly. */
  streamTtlMs?: number;
  heartbeatMs?: number;
  commandTimeoutMs?: number;
  breakerMs?: number;
}

/**
 * REDIS_URL's own parts for ioredis (host, port, password, `/db` index, rediss:// TLS), and
 * its key prefix: `?prefix=shop1:` lets installations (or test runs) share one Redis.
 */
export function parseSharedLimitsUrl(url: string): { redisUrl: string; keyPrefix: string } {
  const parsed = new URL(url);
  const keyPrefix = parsed.searchParams.get('prefix') ?? defaultKeyPrefix;
  parsed.searchParams.delete('prefix');
  return { redisUrl: parsed.toString(), keyPrefix };
}

/**
 * Connects to Redis (in the background: a process starts even while Redis is down, and
 * counts in its own memory until it answers). A command never queues while the connection
 * is down and never waits more than commandTimeoutMs, so Redis can slow no request down by
 * more than that.
 */
export function openSharedLimits(url: string, options: SharedLimitsOptions = {}): SharedLimits {
  const streamTtlMs = options.streamTtlMs ?? sharedStreamTtlMs;
  const heartbeatMs = options.heartbeatMs ?? sharedStreamHeartbeatMs;
  const { redisUrl, keyPrefix } = parseSharedLimitsUrl(url);
  const redis = new Redis(redisUrl, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? sharedLimitsCommandTimeoutMs,
    connectTimeout: 2_000,
    // Reconnects forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  }) as SharedRedis;
  redis.defineCommand('khataCount', { numberOfKeys: 1, lua: countScript });
  redis.defineCommand('khataAdmit', { numberOfKeys: 1, lua: admitScript });
  redis.defineCommand('khataRefresh', { numberOfKeys: 1, lua: refreshScript });

  let log: (message: string, error: unknown) => void = (message, error) => console.warn(message, error);
  const breakerMs = options.breakerMs ?? sharedLimitsBreakerMs;
  let unavailable = 0;
  let unloggedSince = 0;
  let lastLogAt = 0;
  let down = false;
  // The circuit breaker: while open, no check calls Redis; a background probe closes it.
  let breakerOpen = false;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;
  function countedAlone(error: unknown) {
    unavailable += 1;
    unloggedSince += 1;
    const now = Date.now();
    if (now - lastLogAt < unavailableLogEveryMs) return;
    lastLogAt = now;
    log(`Redis (REDIS_URL) unavailable: ${unloggedSince} request limit or stream cap checks counted in this process alone`, error);
    unloggedSince = 0;
  }
  function scheduleProbe() {
    if (closed) return;
    probe = setTimeout(() => {
      probe = undefined;
      redis.ping().then(() => {
        breakerOpen = false;
        if (down) {
          down = false;
          log('Redis (REDIS_URL) answers again: request limits and stream caps are shared again', null);
        }
      }, () => scheduleProbe());
    }, breakerMs);
    probe.unref();
  }
  function failed(error: unknown) {
    countedAlone(error);
    down = true;
    if (breakerOpen) return;
    breakerOpen = true;
    scheduleProbe();
  }
  // ioredis reports connection errors as events; the calls that fail are counted above.
  redis.on('error', () => {});

  // This process's open streams, by member, for the heartbeat.
  const processId = randomUUID();
  const open = new Map<string, string>();
  const heartbeat = setInterval(() => {
    if (open.size === 0 || breakerOpen) return;
    const batch = redis.pipeline();
    for (const [member, key] of open) (batch as unknown as SharedRedis).khataRefresh(key, member, streamTtlMs);
    batch.exec().catch(failed);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    requests(limiter) {
      return async (key, windowMs) => {
        if (breakerOpen) {
          countedAlone(null);
          return null;
        }
        try {
          const [current, ttlMs] = await redis.khataCount(`requests:${limiter}:${key}`, windowMs);
          return { current, ttlMs };
        } catch (error) {
          failed(error);
          return null;
        }
      };
    },
    async admitStream(sessionKey, max) {
      const key = `streams:${sessionKey}`;
      const member = `${processId}:${randomUUID()}`;
      if (breakerOpen) {
        countedAlone(null);
        return null;
      }
      let admitted: number;
      try {
        admitted = await redis.khataAdmit(key, member, max, streamTtlMs);
      } catch (error) {
        failed(error);
        return null;
      }
      if (admitted !== 1) return 'full';
      open.set(member, key);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          open.delete(member);
          // Lost if Redis is down: the entry then drops out when its time to live ends.
          redis.zrem(key, member).catch(failed);
        },
      };
    },
    unavailableTotal: () => unavailable,
    async ready(timeoutMs = 2_000) {
      if (redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => { redis.off('ready', onReady); resolve(false); }, timeoutMs);
        const onReady = () => { clearTimeout(timer); resolve(true); };
        redis.once('ready', onReady);
      });
    },
    onUnavailable(next) { log = next; },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(probe);
      // This process's streams stop counting now rather than when their time to live ends.
      if (open.size > 0 && redis.status === 'ready' && !breakerOpen) {
        const batch = redis.pipeline();
        for (const [member, key] of open) batch.zrem(key, member);
        await batch.exec().catch(() => {});
      }
      open.clear();
      redis.disconnect();
    },
  };
}
