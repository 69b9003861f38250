/**
 * Percent-encoded paths. The router decodes the path, so
 * `POST /%61pi/otp/send` runs `/api/otp/send`; every guard must therefore be decided on
 * the matched route, never on the raw URL, or the encoded spelling walks around it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../app';
import { rowsOf } from '../db/client';
import { otpSendsPerAddressPerMinuteMax } from '@common/limits';
import { bearer, createTestContext, newPhone, registerCustomer, type TestContext, withApp as withTestApp } from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const withApp = <T>(config: Partial<AppConfig>, run: (app: TestContext['app']) => Promise<T>) => withTestApp(ctx, config, run);

const rateLimited = { error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limited', key: 'rate_limited', params: {} };

describe('what the router does with encoded paths', () => {
  it('routes /%61pi and /a%70i/otp/%73end to the API, and 404s a double-encoded or case-changed path without sending', async () => {
    const routed = await ctx.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(routed.statusCode).toBe(200);
    expect(routed.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', listen: 'ok' });
    const mixed = newPhone();
    expect((await ctx.app.inject({
      method: 'POST', url: '/a%70i/otp/%73end', payload: { phoneNumber: mixed, purpose: 'registration' },
    })).statusCode).toBe(200);
    expect(ctx.sentCodes.get(mixed)).toHaveLength(1);

    for (const url of ['/%2561pi/otp/send', '/%41pi/otp/send', '/%61PI/otp/send', '/API/otp/send', '/api/otp%2Fsend']) {
      const phoneNumber = newPhone();
      const response = await ctx.app.inject({ method: 'POST', url, payload: { phoneNumber, purpose: 'registration' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found', code: 'not_found', key: 'not_found', params: {} });
      expect(ctx.sentCodes.get(phoneNumber), url).toBeUndefined();
    }
  });
});

describe('the per-address limit through an encoded path', () => {
  it('limits sign-in attempts and health checks sent as /%61pi like those sent as /api', async () => {
    await withApp({ rateLimitPerMinute: 5 }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await app.inject({
          method: 'POST', url: i % 2 === 0 ? '/%61pi/auth/customer/login' : '/a%70i/auth/customer/login',
          payload: { phoneNumber: newPhone(), pin: '4826' }, remoteAddress: '203.0.113.21',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual(rateLimited);
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

      const health: number[] = [];
      for (let i = 0; i < 7; i++) {
        health.push((await app.inject({ method: 'GET', url: '/%61pi/health', remoteAddress: '203.0.113.22' })).statusCode);
      }
      expect(health).toEqual([200, 200, 200, 200, 200, 429, 429]);
    });
  });
});

describe('the OTP send limit through an encoded path', () => {
  it(`lets ${otpSendsPerAddressPerMinuteMax} of ${otpSendsPerAddressPerMinuteMax + 2} sends to as many phones through /%61pi/otp/send reach the database`, async () => {
    const sends = otpSendsPerAddressPerMinuteMax + 2;
    const phones = Array.from({ length: sends }, () => newPhone());
    const statuses = await withApp({ rateLimitPerMinute: 10_000 }, async (app) => {
      const answers: number[] = [];
      for (const phoneNumber of phones) {
        const response = await app.inject({
          method: 'POST', url: '/%61pi/otp/send', payload: { phoneNumber, purpose: 'registration' }, remoteAddress: '203.0.113.31',
        });
        answers.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toEqual(rateLimited);
      }
      // The plain and the encoded spelling share one bucket.
      const plain = await app.inject({
        method: 'POST', url: '/api/otp/send', payload: { phoneNumber: newPhone(), purpose: 'registration' }, remoteAddress: '203.0.113.31',
      });
      expect(plain.statusCode).toBe(429);
      return answers;
    });
    const stored = rowsOf<{ n: number }>(await ctx.database.db.execute(
      sql`select count(*)::int as n from otp_codes where phone in ${phones}`))[0]!.n;
    console.log(`encoded paths: ${sends} OTP sends through /%61pi/otp/send from one address → `
      + `${statuses.filter((s) => s === 200).length} accepted, ${statuses.filter((s) => s === 429).length} × 429`);
    expect(statuses.slice(0, otpSendsPerAddressPerMinuteMax).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(otpSendsPerAddressPerMinuteMax)).toEqual([429, 429]);
    expect(stored).toBe(otpSendsPerAddressPerMinuteMax);
  });
});

describe('the cross-site write check through an encoded path', () => {
  it('refuses a cookie-authenticated change of PIN from another site sent to /%61pi/customer/change-pin', async () => {
    const customer = await registerCustomer(ctx);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await ctx.app.inject({
        method: 'POST', url: '/%61pi/customer/change-pin', headers, cookies: { session: customer.token },
        payload: { currentPin: customer.pin, newPin: '6283', confirmPin: '6283' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('origin_refused');
    }
    const signIn = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: customer.phoneNumber, pin: customer.pin },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-out through /a%70i/auth/logout and the session still works', async () => {
    const customer = await registerCustomer(ctx);
    const response = await ctx.app.inject({
      method: 'POST', url: '/a%70i/auth/logout', headers: { origin: 'https://evil.example' }, cookies: { session: customer.token },
    });
    expect(response.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) })).statusCode).toBe(200);
  });
});

describe('security headers and not-found answers through an encoded path', () => {
  it('sends the security headers on an encoded API path, and the JSON 404 (not the web app) for an unknown one', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'khata-encoded-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Khata</title>');
    await withApp({ webDir }, async (app) => {
      for (const url of ['/%61pi/health', '/%61pi/no-such-thing', '/a%70i/credit-accounts/nope']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        if (url !== '/%61pi/health') {
          expect(response.statusCode, url).toBe(404);
          expect(response.json(), url).toEqual({ error: 'Not found', code: 'not_found', key: 'not_found', params: {} });
        }
      }
      // A page path is still the web app.
      expect((await app.inject({ method: 'GET', url: '/%63ust' })).body).toContain('<title>Khata</title>');
    });
  });
});

describe('access through an encoded path', () => {
  it('answers a signed-out call 401 and a wrong role 403, as on the plain path', async () => {
    const customer = await registerCustomer(ctx);
    for (const url of ['/%61pi/credit-accounts/customer', '/a%70i/transactions/customer', '/%61pi/admin/stats']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code, url).toBe('not_signed_in');
    }
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/%61pi/admin/stats', headers: bearer(customer.token) });
    expect(forbidden.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/%61pi/credit-accounts/customer', headers: bearer(customer.token) })).statusCode).toBe(200);
  });

  it('counts a signed-in session\'s encoded calls on its own limit', async () => {
    await withApp({ sessionRateLimitPerMinute: 4 }, async (app) => {
      const customer = await registerCustomer(ctx);
      const statuses: number[] = [];
      for (const url of ['/api/auth/me', '/%61pi/auth/me', '/a%70i/auth/me', '/%61pi/auth/%6de', '/%61pi/auth/me']) {
        statuses.push((await app.inject({ method: 'GET', url, headers: bearer(customer.token) })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });
  });
});
