/**
 * The database away (docs/operations.md): with the database refusing connections, a request is answered 503 with a
 * readable error and Retry-After, never a 500, and the health check says not ready.
 * The app here is built on a PostgreSQL address where nothing listens.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import { bearer, createTestContext, type TestContext } from './test/context';

let ctx: TestContext;
beforeAll(async () => {
  // A port that was free a moment ago: connections to it are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const database = openPostgres({ connectionString: `postgres://postgres@127.0.0.1:${port}/khata` });
  ctx = await createTestContext({ database });
  afterAll(async () => { await ctx.close(); await database.close(); });
});

describe('with the database unreachable', () => {
  it.each([
    ['a signed-in read', { method: 'GET' as const, url: '/api/customer/qr', headers: bearer('a'.repeat(43)) }],
    ['a sign-in', { method: 'POST' as const, url: '/api/auth/customer/login', payload: { phoneNumber: '+919876543210', pin: '4826' } }],
  ])('answers %s with 503, a readable error and Retry-After', async (_name, request) => {
    const response = await ctx.app.inject(request);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'Khata is briefly unavailable. Please try again in a moment.', code: 'database_unavailable', key: 'database_unavailable', params: {},
    });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('reports the health check as not ready', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
  });
});

describe('with a database that accepts connections and never answers', () => {
  it('answers 503 once the connection attempt times out, instead of hanging the request', async () => {
    // A blackholed host, as far as the client can tell: the TCP handshake completes,
    // the startup message is never answered.
    const silent = createServer((socket) => { socket.on('error', () => {}); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const database = openPostgres({ connectionString: `postgres://postgres@127.0.0.1:${port}/khata` });
    const silentCtx = await createTestContext({ database });
    try {
      const started = Date.now();
      const response = await silentCtx.app.inject({ method: 'GET', url: '/api/customer/qr', headers: bearer('a'.repeat(43)) });
      const seconds = (Date.now() - started) / 1000;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'database_unavailable' });
      // The bound is databaseConnectTimeoutMs (2 s); generous here, for noisy machines.
      expect(seconds).toBeLessThan(10);
    } finally {
      await silentCtx.close();
      await database.close();
      silent.close();
    }
  });
});
