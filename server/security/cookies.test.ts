/**
 * Cookie attributes (docs/security.md, threat 15). Behind a TLS proxy without TRUST_PROXY
 * every request looks like plain HTTP to the app, so an https PUBLIC_URL or production must
 * mark the cookies Secure by themselves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../app';
import { createTestContext, registerCustomer, type TestContext } from '../test/context';

let ctx: TestContext | undefined;
afterEach(async () => { await ctx?.close(); ctx = undefined; });

/** Registers a customer over plain HTTP and returns the cookies the answers set. */
async function cookiesSet(config: Partial<AppConfig>) {
  ctx = await createTestContext({ config });
  const phoneNumber = '+919812345670';
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'registration' } });
  const verified = await ctx.app.inject({
    method: 'POST', url: '/api/otp/verify', payload: { phoneNumber, purpose: 'registration', otp: sent.json().developmentOtp },
  });
  const proof = verified.cookies.find((cookie) => cookie.name === 'otp_proof')!;
  const registered = await ctx.app.inject({
    method: 'POST', url: '/api/auth/customer/register', cookies: { otp_proof: proof.value },
    payload: { phoneNumber, name: 'Asha Verma', pin: '4826' },
  });
  expect(registered.statusCode).toBe(201);
  return [proof, ...registered.cookies.filter((cookie) => cookie.value !== '')];
}

describe('cookies', () => {
  it.each([
    ['an https PUBLIC_URL', { publicUrl: 'https://khata.example.com' }],
    ['production', { isProduction: true }],
  ] as const)('are Secure, HttpOnly and SameSite=Strict with %s, even over plain HTTP behind a proxy', async (_, config) => {
    const cookies = await cookiesSet(config);
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['device', 'otp_proof', 'session']);
    for (const cookie of cookies) {
      expect(cookie, cookie.name).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    }
  });

  it('are not Secure on a plain-HTTP development server, where the browser would drop them', async () => {
    const cookies = await cookiesSet({ publicUrl: 'http://192.168.1.20:5000' });
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBeUndefined();
  });

  it('keeps the device token out of every body', async () => {
    const customer = await registerCustomer(ctx = await createTestContext());
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: customer.phoneNumber, pin: customer.pin } });
    expect(Object.keys(signIn.json()).sort()).toEqual(['sessionToken', 'user']);
    expect(signIn.body).not.toContain(signIn.cookies.find((cookie) => cookie.name === 'device')!.value);
  });
});
