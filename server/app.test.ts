import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpSendsPerAddressPerMinuteMax } from '@common/limits';
import { accessPlugin } from './plugins/access';
import { bearer, createTestContext, registerCustomer, type TestContext } from './test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: { publicUrl: 'https://khata.example.com' } }); });
afterAll(async () => { await ctx.close(); });

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff, a Referrer-Policy and HSTS behind HTTPS', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('sends no HSTS when the app is not served over HTTPS', async () => {
    const plain = await createTestContext({ database: ctx.database });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('cross-site writes', () => {
  it('refuses a cookie-authenticated write from another origin', async () => {
    const customer = await registerCustomer(ctx);
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/auth/logout', cookies: { session: customer.token },
      headers: { origin: 'https://evil.example.net' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-site requests are not allowed', code: 'origin_refused', key: 'origin_refused', params: {} });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) })).statusCode).toBe(200);
  });

  it('refuses a write a browser marks as cross-site', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/otp/send', headers: { 'sec-fetch-site': 'cross-site' },
      payload: { phoneNumber: '+919812345678', purpose: 'registration' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts writes from the public origin, from the same host, and with a Bearer token', async () => {
    const customer = await registerCustomer(ctx);
    const fromPublic = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', headers: { origin: 'https://khata.example.com' },
      payload: { phoneNumber: customer.phoneNumber, pin: customer.pin },
    });
    expect(fromPublic.statusCode).toBe(200);
    const sameHost = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
      payload: { phoneNumber: customer.phoneNumber, pin: customer.pin },
    });
    expect(sameHost.statusCode).toBe(200);
    const withBearer = await ctx.app.inject({
      method: 'POST', url: '/api/auth/logout', headers: { ...bearer(customer.token), origin: 'https://elsewhere.example' },
    });
    expect(withBearer.statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found', key: 'not_found', params: {} });
  });

  it('answers malformed JSON with a readable 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': 'application/json' }, payload: '{"phoneNumber":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON', code: 'invalid_input', key: 'body_not_json', params: {} });
  });

  it('answers a non-JSON body with a readable 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'pin=4826',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Requests must be sent as JSON', code: 'invalid_input', key: 'body_not_json_type', params: {} });
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: 'x'.repeat(70_000), pin: '4826' },
    });
    expect(response.statusCode).toBe(413);
  });

  it('hides the details of an unexpected failure', async () => {
    const app = Fastify();
    const { errorsPlugin } = await import('./plugins/errors');
    await app.register(errorsPlugin);
    app.get('/boom', async () => { throw new Error('relation "secret_table" does not exist'); });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal error', code: 'internal', key: 'internal', params: {} });
    await app.close();
  });
});

describe('route access declarations', () => {
  it('refuses to start with an API route that does not say who may call it', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { sessions: ctx.app.services.sessions });
    await app.after();
    expect(() => app.get('/api/undeclared', async () => 'open')).toThrow('GET /api/undeclared does not declare config.access');
    await app.close();
  });
});

describe('per-address rate limit', () => {
  it(`throttles OTP sends from one address after ${otpSendsPerAddressPerMinuteMax} a minute`, async () => {
    const limited = await createTestContext({ database: ctx.database, config: { rateLimitPerMinute: 1200 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < otpSendsPerAddressPerMinuteMax + 2; i++) {
        const phoneNumber = `+91970000${String(i).padStart(4, '0')}`;
        const response = await limited.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({ error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limited', key: 'rate_limited', params: {} });
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(otpSendsPerAddressPerMinuteMax);
      expect(statuses.slice(otpSendsPerAddressPerMinuteMax)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
