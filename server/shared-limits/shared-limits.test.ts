/**
 * Shared request limits and stream caps (REDIS_URL) through two apps on one database, each
 * with its own Redis client, standing for two processes. Needs a Redis: TEST_REDIS_URL, or
 * the one at 127.0.0.1:6379; each run uses its own key prefix and deletes its keys.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type KhataApp } from '../app';
import { developmentSmsProvider } from '../sms/development';
import { testConfig } from '../test/config';
import { bearer, createTestContext, registerCustomer, type TestContext } from '../test/context';
import { openEventStream, sleep } from '../test/event-stream';
import { deleteTestRedisKeys, testRedisAvailable, testRedisServer, testRedisUrl } from '../test/redis';
import { AloneWindows } from './alone-windows';
import { openSharedLimits, parseSharedLimitsUrl, type SharedLimits } from './shared-limits';

const prefix = `khata-test-${randomBytes(6).toString('hex')}:`;
const redisUrl = testRedisUrl(prefix);
const available = await testRedisAvailable('shared limits');

/**
 * A TCP relay to Redis that can stall: while stalled it holds what the client sends (and
 * forwards it, in order, once let go), as a Redis that is connected but slow would.
 */
async function stallingRelay(target: URL) {
  let stalled = false;
  let heldBytes = 0;
  const held: { chunk: Buffer; to: net.Socket }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (stalled) { held.push({ chunk, to: upstream }); heldBytes += chunk.length; } else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Bytes the client sent while stalled. */
    heldBytes: () => heldBytes,
    stall() { stalled = true; heldBytes = 0; },
    release() {
      stalled = false;
      for (const { chunk, to } of held.splice(0)) to.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('counting alone while Redis cannot answer', () => {
  it('forgets the least recently counted key past the bound, never every count at once', () => {
    const windows = new AloneWindows(3);
    const now = 1_000_000;
    expect(windows.count('victim', 60_000, now).current).toBe(1);
    expect(windows.count('victim', 60_000, now).current).toBe(2);
    windows.count('cycling-1', 60_000, now);
    windows.count('cycling-2', 60_000, now);
    // The victim keeps counting: it is the most recently counted now.
    expect(windows.count('victim', 60_000, now + 1).current).toBe(3);
    for (let n = 3; n < 50; n++) windows.count(`cycling-${n}`, 60_000, now + 2);
    // Still bounded, and the victim, idle longer than two of the attacker's keys, is forgotten.
    expect(windows.size).toBe(3);
    expect(windows.count('victim', 60_000, now + 3).current).toBe(1);
    // A key counted between the attacker's keeps its count.
    const kept = new AloneWindows(3);
    for (let n = 0; n < 4; n++) kept.count('victim', 60_000, now);
    for (let n = 0; n < 20; n++) {
      kept.count(`cycling-${n}`, 60_000, now);
      expect(kept.count('victim', 60_000, now).current).toBe(5 + n);
    }
    // A window that ended starts again at 1, with its full time left.
    expect(kept.count('victim', 60_000, now + 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });
});

let ctx: TestContext;
/** Two processes with a session limit of 8 requests a minute and 2 streams. */
let a: { app: KhataApp; shared: SharedLimits };
let b: { app: KhataApp; shared: SharedLimits };
const opened: { app?: KhataApp; shared: SharedLimits }[] = [];

/** One more "process": an app on the test's database with its own connection to Redis. */
async function process_(options: { sessionLimit?: number; streamsPerSession?: number; url?: string } = {}) {
  const shared = openSharedLimits(options.url ?? redisUrl);
  // As main.ts does before it listens.
  if (!options.url) expect(await shared.ready()).toBe(true);
  const app = await buildApp({
    db: ctx.database.db,
    config: testConfig({ sessionRateLimitPerMinute: options.sessionLimit ?? 0, rateLimitPerMinute: 0, eventStreamSeconds: 60 }),
    sms: developmentSmsProvider(() => {}), clock: ctx.clock, sharedLimits: shared,
    eventStreams: { perSessionMax: options.streamsPerSession },
  });
  opened.push({ app, shared });
  return { app, shared };
}

describe.skipIf(!available)('shared limits (REDIS_URL)', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    [a, b] = await Promise.all([process_({ sessionLimit: 8, streamsPerSession: 2 }), process_({ sessionLimit: 8, streamsPerSession: 2 })]);
  });
  afterAll(async () => {
    for (const { app, shared } of opened) {
      await app?.close();
      await shared.close();
    }
    await ctx?.close();
    await deleteTestRedisKeys(prefix);
  });

  it('reads the key prefix from REDIS_URL and keeps the rest for the client', () => {
    expect(parseSharedLimitsUrl('redis://:secret@cache:6380/2?prefix=shop1:')).toEqual({
      redisUrl: 'redis://:secret@cache:6380/2', keyPrefix: 'shop1:',
    });
    expect(parseSharedLimitsUrl('rediss://cache').keyPrefix).toBe('khata:');
  });

  it("holds one session's request limit across two processes", async () => {
    const customer = await registerCustomer(ctx);
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const answer = await (n % 2 === 0 ? a : b).app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429, 429, 429, 429]);
    // Another session has its own budget.
    const other = await registerCustomer(ctx);
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other.token) })).statusCode).toBe(200);
  });

  it("holds one session's stream cap across two processes and frees a closed stream's place", async () => {
    const customer = await registerCustomer(ctx);
    const onA = await openEventStream(a.app, customer.token, []);
    const onB = await openEventStream(b.app, customer.token, []);
    const third = await a.app.inject({ method: 'GET', url: '/api/events', headers: bearer(customer.token) });
    expect(third.statusCode).toBe(429);
    expect(third.json().key).toBe('streams_per_session_full');
    onB.close();
    await onB.ended;
    // The place is given back when the server sees the close.
    let again = 429;
    for (let tries = 0; tries < 40 && again === 429; tries++) {
      await sleep(25);
      const next = await openEventStream(a.app, customer.token, []).catch(() => null);
      if (next) { again = 200; next.close(); }
    }
    expect(again).toBe(200);
    onA.close();
  });

  it("stops counting a crashed process's streams once their time to live ends, while a live one's heartbeat keeps them", async () => {
    const live = openSharedLimits(redisUrl, { streamTtlMs: 1_000, heartbeatMs: 250 });
    // A process that admits and then never beats again: as if killed with SIGKILL.
    const crashed = openSharedLimits(redisUrl, { streamTtlMs: 1_000, heartbeatMs: 3_600_000 });
    opened.push({ shared: live }, { shared: crashed });
    expect(await Promise.all([live.ready(), crashed.ready()])).toEqual([true, true]);
    const session = `crash-${randomBytes(4).toString('hex')}`;
    const kept = await live.admitStream(session, 2);
    expect(kept).toMatchObject({ release: expect.any(Function) });
    expect(await crashed.admitStream(session, 2)).toMatchObject({ release: expect.any(Function) });
    expect(await live.admitStream(session, 2)).toBe('full');
    await sleep(1_600);
    // The crashed process's stream dropped out; the live one's still counts.
    const next = await live.admitStream(session, 2);
    expect(next).toMatchObject({ release: expect.any(Function) });
    expect(await live.admitStream(session, 2)).toBe('full');
  });

  it('counts in each process alone while Redis cannot answer, without making a request wait, and says so in the log', async () => {
    const logged: string[] = [];
    // A port nothing listens on: every Redis call fails at once.
    const { app, shared } = await process_({ sessionLimit: 3, url: 'redis://127.0.0.1:1?prefix=unused:' });
    shared.onUnavailable((message) => logged.push(message));
    const customer = await registerCustomer(ctx);
    const started = Date.now();
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(shared.unavailableTotal()).toBeGreaterThanOrEqual(5);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Redis \(REDIS_URL\) unavailable/);
    // A stream is still admitted, on this process's own count.
    const stream = await openEventStream(app, (await registerCustomer(ctx)).token, []);
    stream.close();
  });

  it('stops calling a slow Redis for a while after a timeout, then probes it and shares again', async () => {
    const relay = await stallingRelay(new URL(testRedisServer));
    try {
      const shared = openSharedLimits(`redis://127.0.0.1:${relay.port}?prefix=${prefix}`, { commandTimeoutMs: 150, breakerMs: 700 });
      opened.push({ shared });
      const logged: string[] = [];
      shared.onUnavailable((message) => logged.push(message));
      expect(await shared.ready()).toBe(true);
      const count = shared.requests('breaker');
      expect(await count('k', 60_000)).toMatchObject({ current: 1 });

      relay.stall();
      let started = Date.now();
      // The first call waits out the command timeout, and opens the breaker.
      expect(await count('k', 60_000)).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      const sentToRedis = relay.heldBytes();
      started = Date.now();
      for (let n = 0; n < 20; n++) expect(await count('k', 60_000)).toBeNull();
      expect(await shared.admitStream('breaker-session', 2)).toBeNull();
      // Answered at once, and nothing more was sent to Redis.
      expect(Date.now() - started).toBeLessThan(100);
      expect(relay.heldBytes()).toBe(sentToRedis);
      expect(shared.unavailableTotal()).toBe(22);

      // Still stalled when the probe runs: it times out and the breaker stays open.
      await sleep(1_000);
      started = Date.now();
      expect(await count('k', 60_000)).toBeNull();
      expect(Date.now() - started).toBeLessThan(100);
      expect(relay.heldBytes(), 'one probe').toBeGreaterThan(sentToRedis);

      // Redis answers again: the next probe closes the breaker and counts are shared again.
      relay.release();
      await sleep(1_200);
      expect(await count('k', 60_000)).toMatchObject({ current: expect.any(Number) });
      expect(logged.at(-1)).toMatch(/answers again/);
    } finally {
      await relay.close();
    }
  });
});
