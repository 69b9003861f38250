import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '@common/permissions';
import { rowsOf } from '../../db/client';
import {
  bearer, createTestContext, newPhone, registerBusiness, registerCustomer, verifyPhone, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const post = (url: string, payload: unknown, options: { cookies?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, ...options });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const count = async (table: 'users' | 'businesses' | 'sessions') =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('customer registration', () => {
  it('registers a verified phone, returns a session token and sets the session cookie', async () => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const response = await post('/api/auth/customer/register', { phoneNumber, name: '  Asha Verma ', pin: '4826' }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({ id: expect.any(String), role: 'customer', name: 'Asha Verma', phone: phoneNumber, email: null });
    const cookie = response.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ value: body.sessionToken, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await me(body.sessionToken)).json()).toEqual({ user: body.user, business: null, shop: null, language: null });
  });

  it('refuses registration without the proof cookie of the verify step, writing nothing', async () => {
    const before = await count('users');
    const response = await post('/api/auth/customer/register', { phoneNumber: newPhone(), name: 'Asha', pin: '4826' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please verify your phone number with an OTP before registering.', code: 'otp_proof_missing', key: 'otp_proof_missing', params: { purpose: 'registration' },
    });
    expect(await count('users')).toBe(before);
  });

  it('refuses a proof made for another phone', async () => {
    const proof = await verifyPhone(ctx, newPhone());
    const response = await post('/api/auth/customer/register', { phoneNumber: newPhone(), name: 'Asha', pin: '4826' }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('otp_proof_missing');
  });

  it('consumes the proof: it cannot register a second account', async () => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const first = await post('/api/auth/customer/register', { phoneNumber, name: 'Asha', pin: '4826' }, { cookies: { otp_proof: proof } });
    expect(first.statusCode).toBe(201);
    const business = await post('/api/auth/business/register', {
      phoneNumber, name: 'Asha', businessName: 'Asha Stores', businessType: 'Retail',
      email: 'asha-stores@example.com', address: 'Pune', pin: '4826',
    }, { cookies: { otp_proof: proof } });
    expect(business.statusCode).toBe(400);
    expect(business.json().code).toBe('otp_proof_missing');
  });

  it('refuses a proof older than 15 minutes', async () => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    ctx.clock.advance(15 * 60);
    const response = await post('/api/auth/customer/register', { phoneNumber, name: 'Asha', pin: '4826' }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('otp_proof_missing');
  });

  it('answers 409 for a phone that already has an account and keeps the proof unused', async () => {
    const existing = await registerCustomer(ctx);
    ctx.clock.advance(30);
    const proof = await verifyPhone(ctx, existing.phoneNumber);
    const before = await count('users');
    const response = await post('/api/auth/customer/register', { phoneNumber: existing.phoneNumber, name: 'Other', pin: '5173' }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account with this phone number already exists', code: 'phone_taken', key: 'phone_taken', params: {} });
    expect(await count('users')).toBe(before);
  });

  it('refuses one of the most-guessed PINs with its message, and the proof still works after', async () => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    for (const pin of ['1234', '0000', '1111', '1212', '7777']) {
      const response = await post('/api/auth/customer/register', { phoneNumber, name: 'Asha', pin }, { cookies: { otp_proof: proof } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'This PIN is too easy to guess. Choose another.', code: 'weak_pin', key: 'weak_pin', params: {} });
    }
    const ok = await post('/api/auth/customer/register', { phoneNumber, name: 'Asha', pin: '4826' }, { cookies: { otp_proof: proof } });
    expect(ok.statusCode).toBe(201);
  });

  it.each([
    [{ name: '   ', pin: '4826' }, 'Name is required', 'name_required', {}],
    [{ pin: '4826' }, 'Name is required', 'name_required', {}],
    [{ name: 'Asha', pin: '482' }, 'PIN must be exactly 4 digits', 'pin_format', {}],
    [{ name: 'Asha', pin: '48a6' }, 'PIN must be exactly 4 digits', 'pin_format', {}],
    [{ name: 'Asha', pin: 4826 }, 'pin is missing or has the wrong type', 'field_invalid', { field: 'pin' }],
    [{ name: 'x'.repeat(101), pin: '4826' }, 'Name must be at most 100 characters', 'name_too_long', {}],
  ])('refuses %j with "%s" and writes nothing', async (fields, message, key, params) => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const before = await count('users');
    const response = await post('/api/auth/customer/register', { phoneNumber, ...fields }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_input', key, params });
    expect(await count('users')).toBe(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/register', payload: '[1,2]', headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body must be a JSON object', code: 'invalid_input', key: 'body_not_object', params: {} });
  });
});

describe('business registration', () => {
  it('creates a pending business whose profile comes with /api/auth/me', async () => {
    const registeredAt = ctx.clock().toISOString();
    const business = await registerBusiness(ctx, { email: 'Owner@Kirana.Example.com' });
    expect(business.email).toBe('Owner@Kirana.Example.com');
    const response = await me(business.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: business.userId, role: 'business', name: 'Ravi Kumar', phone: business.phoneNumber, email: 'owner@kirana.example.com' },
      business: {
        id: expect.any(String),
        businessName: 'Kumar Kirana',
        businessType: 'Retail',
        email: 'owner@kirana.example.com',
        address: '12 MG Road, Pune',
        status: 'pending',
        transactionFeePercent: '2.00',
        maxCreditLimit: '50000.00',
        description: null,
        rejectionReason: null,
        createdAt: registeredAt,
      },
      // The account is its shop's first owner, with every permission.
      shop: {
        memberId: expect.any(String), businessId: response.json().business.id, businessName: 'Kumar Kirana', role: 'owner',
        name: 'Ravi Kumar', permissions: [...permissions],
      },
      language: null,
    });
  });

  it('answers 409 for an e-mail already registered, whatever its case, writing nothing', async () => {
    await registerBusiness(ctx, { email: 'taken@example.com' });
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const [users, businesses] = [await count('users'), await count('businesses')];
    const response = await post('/api/auth/business/register', {
      phoneNumber, name: 'Ravi', businessName: 'Other', businessType: 'Retail', email: 'TAKEN@example.com', address: 'Pune', pin: '5173',
    }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account with this email already exists', code: 'email_taken', key: 'email_taken', params: {} });
    expect([await count('users'), await count('businesses')]).toEqual([users, businesses]);
  });

  it.each([
    ['businessName', 'Business name is required', 'business_name_required'],
    ['businessType', 'Business type is required', 'business_type_required'],
    ['address', 'Business address is required', 'business_address_required'],
  ])('refuses an empty %s', async (field, message, key) => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const response = await post('/api/auth/business/register', {
      phoneNumber, name: 'Ravi', businessName: 'Shop', businessType: 'Retail', email: 'shop-x@example.com', address: 'Pune', pin: '5173', [field]: ' ',
    }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_input', key, params: {} });
  });

  it('refuses an invalid e-mail', async () => {
    const phoneNumber = newPhone();
    const proof = await verifyPhone(ctx, phoneNumber);
    const response = await post('/api/auth/business/register', {
      phoneNumber, name: 'Ravi', businessName: 'Shop', businessType: 'Retail', email: 'not-an-email', address: 'Pune', pin: '5173',
    }, { cookies: { otp_proof: proof } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Enter a valid e-mail address', code: 'invalid_input', key: 'email_format', params: {} });
  });
});

describe('sign-in', () => {
  it('signs a customer in with phone and PIN', async () => {
    const customer = await registerCustomer(ctx);
    const response = await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(customer.userId);
    expect((await me(response.json().sessionToken)).statusCode).toBe(200);
  });

  it('gives a wrong PIN and an unknown account the same 401 and body', async () => {
    const customer = await registerCustomer(ctx);
    const wrong = await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    const unknown = await post('/api/auth/customer/login', { phoneNumber: newPhone(), pin: '9071' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: 'Invalid phone number or PIN', code: 'invalid_credentials', key: 'invalid_credentials', params: {} });
  });

  it('signs a business in by case-folded e-mail, and answers a wrong PIN with the business message', async () => {
    const business = await registerBusiness(ctx, { email: 'mixed@example.com' });
    expect((await post('/api/auth/business/login', { email: 'MIXED@example.com', pin: business.pin })).statusCode).toBe(200);
    const wrong = await post('/api/auth/business/login', { email: 'mixed@example.com', pin: '9071' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or PIN', code: 'invalid_credentials', key: 'invalid_business_credentials', params: {} });
  });

  it('signs an admin in and answers a wrong PIN with the admin message', async () => {
    await ctx.app.services.auth.ensureAdmin('root@example.com', '3971');
    const ok = await post('/api/auth/admin/login', { email: 'root@example.com', pin: '3971' });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().sessionToken)).json()).toEqual({
      user: { id: expect.any(String), role: 'admin', name: 'Administrator', phone: null, email: 'root@example.com' }, business: null, shop: null,
      language: null,
    });
    const wrong = await post('/api/auth/admin/login', { email: 'root@example.com', pin: '9071' });
    expect(wrong.json()).toEqual({ error: 'Invalid admin credentials', code: 'invalid_credentials', key: 'invalid_admin_credentials', params: {} });
  });

  it('creates a missing admin once when two callers race (two processes starting together), keeping the winner\'s PIN', async () => {
    const created = await Promise.all(['3971', '5820', '6143'].map((pin) =>
      ctx.app.services.auth.createAdminIfAbsent('race@example.com', pin, 'Demo Admin')));
    expect(created.filter(Boolean)).toEqual([true]);
    const winner = ['3971', '5820', '6143'][created.indexOf(true)];
    const ok = await post('/api/auth/admin/login', { email: 'race@example.com', pin: winner });
    expect(ok.statusCode).toBe(200);
    expect(await ctx.app.services.auth.createAdminIfAbsent('race@example.com', '7203', 'Demo Admin')).toBe(false);
    expect((await post('/api/auth/admin/login', { email: 'race@example.com', pin: winner })).statusCode).toBe(200);
  });

  it('keeps the roles apart: a business cannot sign in through the admin door', async () => {
    const business = await registerBusiness(ctx);
    const response = await post('/api/auth/admin/login', { email: business.email, pin: business.pin });
    expect(response.statusCode).toBe(401);
  });

  it('refuses malformed sign-in input with 400 and counts no attempt', async () => {
    expect((await post('/api/auth/customer/login', { phoneNumber: '98765', pin: '4826' })).statusCode).toBe(400);
    expect((await post('/api/auth/business/login', { email: 'x@example.com' })).json())
      .toEqual({ error: 'pin is missing or has the wrong type', code: 'invalid_input', key: 'field_invalid', params: { field: 'pin' } });
  });
});

describe('PIN lockout', () => {
  const login = (phoneNumber: string, pin: string) => post('/api/auth/customer/login', { phoneNumber, pin });

  it('locks after 5 wrong PINs for 15 minutes, refusing even the right PIN, then lets it in', async () => {
    const customer = await registerCustomer(ctx);
    for (let i = 0; i < 5; i++) expect((await login(customer.phoneNumber, '9071')).statusCode).toBe(401);
    const locked = await login(customer.phoneNumber, customer.pin);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Too many wrong PINs. Try again in 15 minutes.', code: 'account_locked', key: 'account_locked', params: { retryAfterMinutes: 15 }, retryAfterMinutes: 15,
    });
    expect(locked.headers['retry-after']).toBe('900');
    ctx.clock.advance(14 * 60);
    expect((await login(customer.phoneNumber, customer.pin)).json().retryAfterMinutes).toBe(1);
    ctx.clock.advance(60);
    expect((await login(customer.phoneNumber, customer.pin)).statusCode).toBe(200);
  });

  it('doubles each further lock up to 24 hours, and a right PIN resets the doubling', async () => {
    const customer = await registerCustomer(ctx);
    const expected = [15, 30, 60, 120, 240, 480, 960, 1440, 1440];
    for (const minutes of expected) {
      for (let i = 0; i < 5; i++) expect((await login(customer.phoneNumber, '9071')).statusCode).toBe(401);
      const locked = await login(customer.phoneNumber, '9071');
      expect(locked.json().retryAfterMinutes).toBe(minutes);
      ctx.clock.advance(minutes * 60);
    }
    expect((await login(customer.phoneNumber, customer.pin)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await login(customer.phoneNumber, '9071');
    expect((await login(customer.phoneNumber, '9071')).json().retryAfterMinutes).toBe(15);
  });

  it('counts consecutive failures only: a right PIN in between starts the count again', async () => {
    const customer = await registerCustomer(ctx);
    for (let i = 0; i < 4; i++) await login(customer.phoneNumber, '9071');
    expect((await login(customer.phoneNumber, customer.pin)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(customer.phoneNumber, '9071')).statusCode).toBe(401);
    expect((await login(customer.phoneNumber, customer.pin)).statusCode).toBe(200);
  });

  it('locks an unknown phone exactly like a real one', async () => {
    const phoneNumber = newPhone();
    for (let i = 0; i < 5; i++) expect((await login(phoneNumber, '9071')).statusCode).toBe(401);
    const locked = await login(phoneNumber, '9071');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'Too many wrong PINs. Try again in 15 minutes.', code: 'account_locked', key: 'account_locked', params: { retryAfterMinutes: 15 }, retryAfterMinutes: 15,
    });
  });

  it('evaluates at most 5 of 30 concurrent wrong PINs', async () => {
    const customer = await registerCustomer(ctx);
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(customer.phoneNumber, '9071')));
    const evaluated = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated + refused).toBe(30);
    expect((await login(customer.phoneNumber, customer.pin)).statusCode).toBe(429);
  });

  it('lets 20 concurrent sign-ins with the right PIN all through', async () => {
    const customer = await registerCustomer(ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(customer.phoneNumber, customer.pin)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  });

  it('keeps lockouts per role: a locked customer phone does not lock a business with that phone', async () => {
    const business = await registerBusiness(ctx);
    for (let i = 0; i < 6; i++) await login(business.phoneNumber, '9071');
    expect((await post('/api/auth/business/login', { email: business.email, pin: business.pin })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 to /api/auth/me without a session, or with a made-up token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Please sign in to continue', code: 'not_signed_in', key: 'not_signed_in', params: {} });
    expect((await me('made-up-token')).statusCode).toBe(401);
  });

  it('accepts the session cookie as well as the Bearer header', async () => {
    const customer = await registerCustomer(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { session: customer.token } });
    expect(response.statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token', async () => {
    const customer = await registerCustomer(ctx);
    const rows = rowsOf<{ token_hash: string }>(await ctx.database.db.execute(
      sql`select token_hash from sessions where user_id = ${customer.userId}`));
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(customer.token).digest('hex')]);
    const all = JSON.stringify(rowsOf(await ctx.database.db.execute(sql`select * from sessions`)));
    expect(all).not.toContain(customer.token);
  });

  it('revokes the session at logout, and the cookie is cleared', async () => {
    const customer = await registerCustomer(ctx);
    const response = await post('/api/auth/logout', undefined, { headers: bearer(customer.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await me(customer.token)).statusCode).toBe(401);
  });

  it('answers logout without a session with success, so signing out never fails', async () => {
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(200);
  });

  it('expires a session idle for 7 days', async () => {
    const customer = await registerCustomer(ctx);
    ctx.clock.advance(7 * 24 * 3600 - 1);
    expect((await me(customer.token)).statusCode).toBe(200);
    const other = await registerCustomer(ctx);
    ctx.clock.advance(7 * 24 * 3600);
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it('keeps an active session alive past 7 days but never past 30', async () => {
    const customer = await registerCustomer(ctx);
    for (const day of [6, 12, 18, 24, 29]) {
      ctx.clock.advance((day === 29 ? 5 : 6) * 24 * 3600);
      expect((await me(customer.token)).statusCode, `day ${day}`).toBe(200);
    }
    ctx.clock.advance(24 * 3600);
    expect((await me(customer.token)).statusCode).toBe(401);
  });
});

describe('POST /api/customer/change-pin', () => {
  const changePin = (token: string, body: object) => post('/api/customer/change-pin', body, { headers: bearer(token) });

  it('changes the PIN, keeps this session and signs out every other one', async () => {
    const customer = await registerCustomer(ctx);
    const second = (await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).json().sessionToken;
    const response = await changePin(customer.token, { currentPin: customer.pin, newPin: '5173', confirmPin: '5173' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await me(customer.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(401);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '5173' })).statusCode).toBe(200);
  });

  it('answers a wrong current PIN with 403 and the attempts left', async () => {
    const customer = await registerCustomer(ctx);
    const response = await changePin(customer.token, { currentPin: '9071', newPin: '5173', confirmPin: '5173' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Current PIN is incorrect. 4 attempts left.', code: 'pin_incorrect', key: 'current_pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4,
    });
  });

  it("counts on the account's own counter, which strangers' sign-ins cannot fill", async () => {
    const customer = await registerCustomer(ctx);
    // A stranger who knows the phone number locks its anonymous sign-in counter ...
    for (let i = 0; i < 5; i++) await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(429);
    // ... and the owner's session still has all its attempts, then locks on its own.
    expect((await changePin(customer.token, { currentPin: '9071', newPin: '5173', confirmPin: '5173' })).json().attemptsLeft).toBe(4);
    for (let i = 0; i < 3; i++) await changePin(customer.token, { currentPin: '9071', newPin: '5173', confirmPin: '5173' });
    expect((await changePin(customer.token, { currentPin: '9071', newPin: '5173', confirmPin: '5173' })).json().attemptsLeft).toBe(0);
    const locked = await changePin(customer.token, { currentPin: customer.pin, newPin: '5173', confirmPin: '5173' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
  });

  it.each([
    [{ currentPin: '4826', newPin: '5173', confirmPin: '5174' }, 400, 'New PIN and confirmation do not match', 'invalid_input', 'pin_confirmation_mismatch'],
    [{ currentPin: '4826', newPin: '4826', confirmPin: '4826' }, 400, 'New PIN must be different from current PIN', 'same_pin', 'same_pin'],
    [{ currentPin: '4826', newPin: '1234', confirmPin: '1234' }, 400, 'This PIN is too easy to guess. Choose another.', 'weak_pin', 'weak_pin'],
    [{ currentPin: '482', newPin: '5173', confirmPin: '5173' }, 400, 'PIN must be exactly 4 digits', 'invalid_input', 'pin_format'],
  ])('refuses %j with "%s" and leaves the PIN as it was', async (body, status, message, code, key) => {
    const customer = await registerCustomer(ctx, { pin: '4826' });
    const response = await changePin(customer.token, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message, code, key, params: {} });
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '4826' })).statusCode).toBe(200);
  });

  it('is for customers only', async () => {
    const business = await registerBusiness(ctx);
    const response = await changePin(business.token, { currentPin: business.pin, newPin: '5173', confirmPin: '5173' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'You do not have access to this', code: 'forbidden', key: 'forbidden', params: {} });
  });

  it('needs a session', async () => {
    const response = await post('/api/customer/change-pin', { currentPin: '4826', newPin: '5173', confirmPin: '5173' });
    expect(response.statusCode).toBe(401);
  });
});
