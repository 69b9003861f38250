import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken, bearer, cookieFrom, createTestContext, registerBusiness, registerCustomer, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: object, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, cookies });

/** The proof cookie of a pin_reset OTP for a phone. */
async function resetProof(phoneNumber: string): Promise<string> {
  ctx.clock.advance(31);
  const sent = await post('/api/otp/send', { phoneNumber, purpose: 'pin_reset' });
  expect(sent.statusCode).toBe(200);
  const verified = await post('/api/otp/verify', { phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
  expect(verified.statusCode).toBe(200);
  return cookieFrom(verified, 'otp_proof')!;
}

const lockOut = async (url: string, payload: object) => {
  for (let i = 0; i < 5; i++) await post(url, payload);
  expect((await post(url, payload)).statusCode).toBe(429);
};

describe('resetting a forgotten PIN through an OTP', () => {
  it('lets a locked-out customer set a new PIN, lifts the lock and signs out every session', async () => {
    const customer = await registerCustomer(ctx);
    await lockOut('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    const proof = await resetProof(customer.phoneNumber);
    const response = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' }, {}, { otp_proof: proof });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(customer.token) })).statusCode).toBe(401);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '6283' })).statusCode).toBe(200);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(401);
  });

  it("resets a merchant's PIN by the registered phone and lifts the e-mail's lock", async () => {
    const business = await registerBusiness(ctx);
    await lockOut('/api/auth/business/login', { email: business.email, pin: '9071' });
    const proof = await resetProof(business.phoneNumber);
    const response = await post('/api/auth/reset-pin', { phoneNumber: business.phoneNumber, role: 'business', newPin: '6283', confirmPin: '6283' }, {}, { otp_proof: proof });
    expect(response.statusCode).toBe(200);
    expect((await post('/api/auth/business/login', { email: business.email, pin: '6283' })).statusCode).toBe(200);
  });

  it('refuses without the proof of a pin_reset OTP, and with a registration proof', async () => {
    const customer = await registerCustomer(ctx);
    const none = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: 'Please verify your phone number with an OTP before resetting your PIN.',
      code: 'otp_proof_missing', key: 'otp_proof_missing', params: { purpose: 'pin_reset' },
    });
    ctx.clock.advance(31);
    const sent = await post('/api/otp/send', { phoneNumber: customer.phoneNumber, purpose: 'registration' });
    const verified = await post('/api/otp/verify', { phoneNumber: customer.phoneNumber, purpose: 'registration', otp: sent.json().developmentOtp });
    const wrongPurpose = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' }, {}, { otp_proof: cookieFrom(verified, 'otp_proof')! });
    expect(wrongPurpose.statusCode).toBe(400);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(200);
  });

  it('refuses a weak or mismatched new PIN and keeps the proof usable', async () => {
    const customer = await registerCustomer(ctx);
    const proof = await resetProof(customer.phoneNumber);
    const weak = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '1111', confirmPin: '1111' }, {}, { otp_proof: proof });
    expect(weak.json()).toEqual({ error: 'This PIN is too easy to guess. Choose another.', code: 'weak_pin', key: 'weak_pin', params: {} });
    const mismatch = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6284' }, {}, { otp_proof: proof });
    expect(mismatch.json()).toEqual({ error: 'New PIN and confirmation do not match', code: 'invalid_input', key: 'pin_confirmation_mismatch', params: {} });
    const ok = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283' }, {}, { otp_proof: proof });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 for a phone without an account of that role', async () => {
    const customer = await registerCustomer(ctx);
    const proof = await resetProof(customer.phoneNumber);
    const response = await post('/api/auth/reset-pin', { phoneNumber: customer.phoneNumber, role: 'business', newPin: '6283', confirmPin: '6283' }, {}, { otp_proof: proof });
    expect(response.statusCode).toBe(404);
  });
});

describe('changing the PIN as a merchant or an admin', () => {
  it('lets a merchant change its PIN and signs out its other sessions', async () => {
    const business = await registerBusiness(ctx);
    const other = (await post('/api/auth/business/login', { email: business.email, pin: business.pin })).json().sessionToken;
    const response = await post('/api/auth/change-pin', { currentPin: business.pin, newPin: '6283', confirmPin: '6283' }, bearer(business.token));
    expect(response.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await post('/api/auth/business/login', { email: business.email, pin: '6283' })).statusCode).toBe(200);
  });

  it('lets an admin change its PIN, counting a wrong current PIN', async () => {
    const token = await adminToken(ctx, 'changer@khata.test');
    const wrong = await post('/api/auth/change-pin', { currentPin: '9071', newPin: '6283', confirmPin: '6283' }, bearer(token));
    expect(wrong.json()).toEqual({
      error: 'Current PIN is incorrect. 4 attempts left.', code: 'pin_incorrect', key: 'current_pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4,
    });
    expect((await post('/api/auth/change-pin', { currentPin: '3971', newPin: '6283', confirmPin: '6283' }, bearer(token))).statusCode).toBe(200);
    expect((await post('/api/auth/admin/login', { email: 'changer@khata.test', pin: '6283' })).statusCode).toBe(200);
  });
});

describe('confirming the PIN again (leaving counter mode)', () => {
  it('accepts the right PIN, refuses a wrong one with the attempts left and locks after five, changing nothing else', async () => {
    const business = await registerBusiness(ctx);
    const confirm = (pin: string) => post('/api/auth/confirm-pin', { pin }, bearer(business.token));
    expect((await confirm(business.pin)).json()).toEqual({ success: true });
    const wrong = await confirm('9071');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Incorrect PIN. 4 attempts left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4 });
    for (let i = 0; i < 4; i++) await confirm('9071');
    const locked = await confirm(business.pin);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    // The session stays: only the PIN is locked.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(business.token) })).statusCode).toBe(200);
  });

  it('refuses a malformed PIN and a caller who is not signed in', async () => {
    const customer = await registerCustomer(ctx);
    const malformed = await post('/api/auth/confirm-pin', { pin: '12a4' }, bearer(customer.token));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('PIN must be exactly 4 digits');
    expect((await post('/api/auth/confirm-pin', { pin: '1234' })).statusCode).toBe(401);
  });
});

describe('an admin unlocking an account', () => {
  it('lifts the lock of a customer phone at once', async () => {
    const customer = await registerCustomer(ctx);
    await lockOut('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    const response = await post('/api/admin/unlock', { role: 'customer', identifier: customer.phoneNumber }, bearer(await adminToken(ctx)));
    expect(response.json()).toEqual({ success: true, wasLocked: true });
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(200);
  });

  it('lifts the lock of a merchant e-mail, whatever its case', async () => {
    const business = await registerBusiness(ctx);
    await lockOut('/api/auth/business/login', { email: business.email, pin: '9071' });
    await post('/api/admin/unlock', { role: 'business', identifier: business.email.toUpperCase() }, bearer(await adminToken(ctx)));
    expect((await post('/api/auth/business/login', { email: business.email, pin: business.pin })).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const customer = await registerCustomer(ctx);
    expect((await post('/api/admin/unlock', { role: 'customer', identifier: customer.phoneNumber }, bearer(customer.token))).statusCode).toBe(403);
  });
});
