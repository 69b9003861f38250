/**
 * Carrier NAT. Indian carriers put thousands of phones behind one
 * public address, so signed-in calls are limited per session and only calls without a
 * session per address; a made-up token must not buy a fresh bucket.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../app';
import { loadConfig } from '../config';
import { bearer, createTestContext, registerCustomer, type TestContext, withApp as withTestApp } from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

/** The limits a server started with no limit variables set gets. */
const defaults = loadConfig({ PIN_PEPPER: 'n'.repeat(40), DATA_DIR: mkdtempSync(join(tmpdir(), 'khata-nat-')) });
const natAddress = '100.64.12.34';
const rateLimited = { error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limited', key: 'rate_limited', params: {} };

const withApp = <T>(config: Partial<AppConfig>, run: (app: TestContext['app']) => Promise<T>) => withTestApp(ctx, config, run);

describe('signed-in customers behind one carrier NAT address', () => {
  it('lets 20 customers read their accounts 40 times each in a minute with the default limits: 0 × 429', async () => {
    const customers: Awaited<ReturnType<typeof registerCustomer>>[] = [];
    for (let i = 0; i < 20; i++) customers.push(await registerCustomer(ctx));
    const statuses = await withApp({
      rateLimitPerMinute: defaults.rateLimitPerMinute, sessionRateLimitPerMinute: defaults.sessionRateLimitPerMinute,
    }, async (app) => {
      const answers: number[] = [];
      for (let round = 0; round < 40; round++) {
        const batch = await Promise.all(customers.map((customer) => app.inject({
          method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(customer.token), remoteAddress: natAddress,
        })));
        answers.push(...batch.map((response) => response.statusCode));
      }
      return answers;
    });
    const refused = statuses.filter((s) => s === 429).length;
    console.log(`carrier NAT: 20 customers × 40 reads from one address → ${statuses.length} requests, ${refused} × 429`);
    expect(statuses).toHaveLength(800);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('refuses one session past its limit with Retry-After, while a second session on the address goes on', async () => {
    const hammering = await registerCustomer(ctx);
    const neighbour = await registerCustomer(ctx);
    const limit = defaults.sessionRateLimitPerMinute;
    await withApp({ rateLimitPerMinute: defaults.rateLimitPerMinute, sessionRateLimitPerMinute: limit }, async (app) => {
      const read = (token: string) => app.inject({
        method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(token), remoteAddress: natAddress,
      });
      const statuses: number[] = [];
      for (let i = 0; i < limit; i++) statuses.push((await read(hammering.token)).statusCode);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const refused = await read(hammering.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(rateLimited);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      console.log(`carrier NAT: one session, ${limit + 1} reads → ${limit} × 200, 1 × 429 (Retry-After ${retryAfter} s); its neighbour unaffected`);

      expect((await read(neighbour.token)).statusCode).toBe(200);
    });
  });
});

describe('calls without a valid session', () => {
  it('counts made-up bearer tokens and cookies on the address, so each random token gets no fresh bucket', async () => {
    const customer = await registerCustomer(ctx);
    await withApp({ rateLimitPerMinute: 10, sessionRateLimitPerMinute: 300 }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const token = randomBytes(32).toString('base64url');
        const response = await app.inject({
          method: 'GET', url: '/api/credit-accounts/customer', remoteAddress: natAddress,
          ...(i % 2 === 0 ? { headers: bearer(token) } : { cookies: { session: token } }),
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.headers['retry-after']).toBeDefined();
      }
      console.log(`carrier NAT: 15 made-up tokens from one address (limit 10) → ${statuses.filter((s) => s === 401).length} × 401, ${statuses.filter((s) => s === 429).length} × 429`);
      expect(statuses).toEqual([...new Array(10).fill(401), ...new Array(5).fill(429)]);
      // Signed-out calls of any kind share that bucket...
      expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: natAddress })).statusCode).toBe(429);
      // ...but a real session on the same address has its own.
      expect((await app.inject({
        method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(customer.token), remoteAddress: natAddress,
      })).statusCode).toBe(200);
      // Another address is not held back.
      expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '100.64.99.1' })).statusCode).toBe(200);
    });
  });

  it('behind one proxy (TRUST_PROXY=1) counts each client by the address the proxy saw', async () => {
    const { trustProxy } = loadConfig({ PIN_PEPPER: 'n'.repeat(40), DATA_DIR: mkdtempSync(join(tmpdir(), 'khata-nat-')), TRUST_PROXY: '1' });
    expect(trustProxy).toBe(1);
    await withApp({ rateLimitPerMinute: 2, trustProxy }, async (app) => {
      const viaProxy = (forwardedFor: string) => app.inject({
        method: 'GET', url: '/api/health', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwardedFor },
      }).then((response) => response.statusCode);
      expect([await viaProxy('198.51.100.1'), await viaProxy('198.51.100.1'), await viaProxy('198.51.100.1')]).toEqual([200, 200, 429]);
      expect(await viaProxy('198.51.100.2')).toBe(200);
      // A client that prepends a made-up address still counts as the address the proxy saw.
      expect(await viaProxy('203.0.113.250, 198.51.100.1')).toBe(429);
    });
  });

  it('sets the defaults: 1,200 a minute per address without a session, 300 per session', () => {
    expect(defaults.rateLimitPerMinute).toBe(1200);
    expect(defaults.sessionRateLimitPerMinute).toBe(300);
  });

  it('turns the per-session limit off with 0', async () => {
    const customer = await registerCustomer(ctx);
    await withApp({ rateLimitPerMinute: 5, sessionRateLimitPerMinute: 0 }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token), remoteAddress: natAddress })).statusCode);
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    });
  });
});
