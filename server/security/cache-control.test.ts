/**
 * No API answer stays in a shared phone's browser cache: every /api
 * answer says exactly `Cache-Control: no-store`, signed in or not, success or refusal,
 * a 404 under /api, the event stream, the statement files and the /api/docs pages. The
 * web app's own files keep their caching.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken, bearer, createTestContext, paymentSetup, type TestContext,
} from '../test/context';

const webDir = mkdtempSync(join(tmpdir(), 'khata-cache-'));
const routes = new Set<string>();
let ctx: TestContext;
let setup: Awaited<ReturnType<typeof paymentSetup>>;
let admin: string;

beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Khata</title>');
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  ctx = await createTestContext({
    config: { webDir },
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
    },
  });
  setup = await paymentSetup(ctx);
  const code = await setup.generate({ amount: '100', description: 'Rice' });
  expect((await setup.pay(code.qrData)).statusCode).toBe(201);
  admin = await adminToken(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

function expectNoStore(response: LightMyRequestResponse, what: string) {
  expect(response.headers['cache-control'], `${what} answered ${response.statusCode}`).toBe('no-store');
}

/** A route's path with its parameters filled in: the account, the shop, or a made-up id. */
function pathOf(url: string): string {
  return url
    .replace(':id', setup.accountId)
    .replace(':businessId', setup.shop.businessId)
    .replace(/:[A-Za-z]+/g, '00000000-0000-7000-8000-000000000000')
    .replace('*', 'index.html');
}

describe('Cache-Control on /api', () => {
  it('says no-store on every GET route, as the customer, the merchant, the admin and no one', async () => {
    const gets = [...routes].filter((route) => route.startsWith('GET /api')).map((route) => route.slice(4));
    expect(gets.length).toBeGreaterThan(20);
    const statuses = new Set<number>();
    for (const token of [setup.customer.token, setup.shop.token, admin, undefined]) {
      for (const url of gets) {
        const response = await ctx.app.inject({ method: 'GET', url: pathOf(url), headers: token ? bearer(token) : {} });
        statuses.add(response.statusCode);
        expectNoStore(response, `GET ${url}`);
      }
    }
    // Successes and refusals alike were walked.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 403, 404]));
  });

  it('says no-store on every write\'s refusal: no session, an empty body, malformed JSON', async () => {
    const writes = [...routes].filter((route) => /^(POST|PUT|PATCH|DELETE) \/api/.test(route));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const [method, url] = route.split(' ') as ['POST', string];
      expectNoStore(await ctx.app.inject({ method, url: pathOf(url), payload: {} }), route);
      expectNoStore(await ctx.app.inject({
        method, url: pathOf(url), headers: { 'content-type': 'application/json' }, payload: '{"not json',
      }), `${route} with malformed JSON`);
    }
  });

  it('says no-store on the private answers a shared phone must not keep', async () => {
    const { shop, customer, accountId } = setup;
    const reads = [
      ['/api/auth/me', customer.token], ['/api/auth/me', shop.token], ['/api/credit-accounts/customer', customer.token],
      ['/api/credit-accounts/business', shop.token], ['/api/business/to-collect', shop.token],
      [`/api/business/credit-accounts/${accountId}/reminder`, shop.token],
      [`/api/credit-accounts/${accountId}/statement?from=2026-11-01&to=2026-11-30`, customer.token],
      [`/api/credit-accounts/${accountId}/statement.csv?from=2026-11-01&to=2026-11-30`, shop.token],
    ] as const;
    for (const [url, token] of reads) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expectNoStore(response, url);
    }
  });

  it('says no-store on writes that succeed and on sign-in', async () => {
    const generated = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(setup.shop.token), payload: {} });
    expect(generated.statusCode).toBe(201);
    expectNoStore(generated, 'POST /api/qr/generate');
    const login = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: setup.customer.phoneNumber, pin: setup.customer.pin },
    });
    expect(login.statusCode).toBe(200);
    expectNoStore(login, 'POST /api/auth/customer/login');
  });

  it('says no-store on unknown /api paths, encoded ones, malformed URLs and over-long parameters', async () => {
    for (const url of ['/api/nothing-here', '/api', '/%61pi/nothing-here', '/api/credit-accounts/x/statement?from=2026-13-01']) {
      expectNoStore(await ctx.app.inject({ method: 'GET', url, headers: bearer(setup.shop.token) }), url);
    }
    expectNoStore(await ctx.app.inject({ method: 'DELETE', url: '/api/auth/me' }), 'DELETE /api/auth/me');
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/credit-accounts/%E0%A4%A/statement' });
    expect(malformed.statusCode).toBe(400);
    expectNoStore(malformed, 'a malformed URL');
    const overLong = await ctx.app.inject({ method: 'GET', url: `/api/credit-accounts/${'a'.repeat(600)}/statement` });
    expectNoStore(overLong, 'an over-long parameter');
  });

  it('says no-store on the event stream and its refusal', async () => {
    const stream = await ctx.app.inject({ method: 'GET', url: '/api/events', headers: bearer(setup.shop.token) });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expectNoStore(stream, 'GET /api/events');
    expectNoStore(await ctx.app.inject({ method: 'GET', url: '/api/events' }), 'GET /api/events without a session');
  });

  it('says no-store on /api/docs and the OpenAPI document', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/openapi.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectNoStore(response, url);
    }
  });
});

describe('Cache-Control outside /api', () => {
  it('keeps the web app\'s own caching', async () => {
    const immutable = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(immutable.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/cust', '/sw.js']) {
      expect((await ctx.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('says no-store on a refusal that says nothing else (a stale asset\'s 404)', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(missing.statusCode).toBe(404);
    expectNoStore(missing, 'a missing asset');
  });
});
