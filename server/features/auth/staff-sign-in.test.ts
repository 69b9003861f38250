/**
 * A shop's staff as sessions: sign-in with their own phone and PIN, the shop they act for
 * (picked when they work at several), who /api/auth/me says they are, their lockout kept
 * apart from the owner's and everyone else's, and their PIN reset and unlock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '@common/permissions';
import {
  adminToken, approvedBusiness, bearer, cookieFrom, createTestContext, inviteStaff, newPhone, registerCustomer, staffLogin,
  verifyPhone, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const me = (token: string) => get('/api/auth/me', token);

const invalidStaffCredentials = { error: 'Invalid phone number or PIN', code: 'invalid_credentials', key: 'invalid_credentials', params: {} };
const lockedFor15Minutes = {
  error: 'Too many wrong PINs. Try again in 15 minutes.', code: 'account_locked', key: 'account_locked',
  params: { retryAfterMinutes: 15 }, retryAfterMinutes: 15,
};

describe('staff sign-in', () => {
  it("signs a cashier in with phone and PIN, acting for their one shop with the cashier's permissions", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', name: 'Ravi' });
    const response = await staffLogin(ctx, cashier);
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response, 'session')).toBe(response.json().sessionToken);
    expect(cookieFrom(response, 'device')).toBeDefined();
    const { sessionToken, user } = response.json();
    expect(user).toEqual({ id: cashier.userId, role: 'staff', name: 'Ravi', phone: cashier.phoneNumber, email: null });
    const answer = (await me(sessionToken)).json();
    expect(answer).toEqual({
      user,
      // The owner's sign-in e-mail is not the cashier's to know.
      business: expect.objectContaining({ id: shop.businessId, businessName: 'Kumar Kirana', status: 'approved', email: '' }),
      shop: {
        memberId: cashier.memberId, businessId: shop.businessId, businessName: 'Kumar Kirana', role: 'cashier', name: 'Ravi',
        permissions: [...rolePermissions.cashier],
      },
      language: null,
    });
  });

  it('answers a wrong PIN and an unknown phone alike, 401 invalid_credentials', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const wrong = await staffLogin(ctx, { phoneNumber: cashier.phoneNumber, pin: '9071' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalidStaffCredentials);
    const unknown = await staffLogin(ctx, { phoneNumber: newPhone(), pin: cashier.pin });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(invalidStaffCredentials);
    expect(cookieFrom(unknown, 'session')).toBeUndefined();
  });

  it("is a staff account's own: the shop owner's e-mail, and a customer of the same phone, do not sign in here", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    expect((await staffLogin(ctx, { phoneNumber: shop.phoneNumber, pin: shop.pin })).json()).toEqual(invalidStaffCredentials);
    expect((await staffLogin(ctx, customer)).json()).toEqual(invalidStaffCredentials);
    // The same person as a customer and as staff: two accounts, two PINs.
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', phoneNumber: customer.phoneNumber, pin: '7315' });
    expect((await staffLogin(ctx, customer)).statusCode).toBe(401);
    expect((await staffLogin(ctx, cashier)).statusCode).toBe(200);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(200);
  });

  it("gives the business account's sessions its founding owner membership", async () => {
    const shop = await approvedBusiness(ctx);
    const signedIn = await post('/api/auth/business/login', { email: shop.email, pin: shop.pin });
    expect(signedIn.statusCode).toBe(200);
    const answer = (await me(signedIn.json().sessionToken)).json();
    expect(answer.shop).toEqual({
      memberId: expect.any(String), businessId: shop.businessId, businessName: 'Kumar Kirana', role: 'owner', name: 'Ravi Kumar',
      permissions: [...rolePermissions.owner],
    });
    expect(answer.business.id).toBe(shop.businessId);
    expect((await me(shop.token)).json().shop.memberId).toBe(answer.shop.memberId);
    // An owner, the shop's account, is shown the e-mail it signs in with.
    expect((await me(shop.token)).json().business.email).toBe(shop.email);
  });
});

describe('staff at several shops', () => {
  it('picks the shop after sign-in; until then shop routes answer shop_not_picked', async () => {
    const first = await approvedBusiness(ctx);
    const second = await approvedBusiness(ctx);
    const atFirst = await inviteStaff(ctx, first.token, { role: 'cashier' });
    const atSecond = await inviteStaff(ctx, second.token, { role: 'manager', phoneNumber: atFirst.phoneNumber, pin: atFirst.pin });
    expect(atSecond.userId).toBe(atFirst.userId);

    const token = (await staffLogin(ctx, atFirst)).json().sessionToken as string;
    const before = (await me(token)).json();
    expect(before.shop).toBeNull();
    expect(before.business).toBeNull();
    const unpicked = await get('/api/credit-accounts/business', token);
    expect(unpicked.statusCode).toBe(403);
    expect(unpicked.json()).toEqual({
      error: 'Choose the shop you are working at first', code: 'shop_not_picked', key: 'shop_not_picked', params: {},
    });

    const shops = await get('/api/staff/shops', token);
    expect(shops.statusCode).toBe(200);
    expect(shops.json()).toEqual({
      shops: [
        { memberId: atFirst.memberId, businessId: first.businessId, businessName: 'Kumar Kirana', role: 'cashier' },
        { memberId: atSecond.memberId, businessId: second.businessId, businessName: 'Kumar Kirana', role: 'manager' },
      ],
    });

    const picked = await post('/api/staff/shop', { memberId: atSecond.memberId }, token);
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toEqual({
      user: expect.objectContaining({ id: atFirst.userId, role: 'staff' }),
      business: expect.objectContaining({ id: second.businessId }),
      shop: {
        memberId: atSecond.memberId, businessId: second.businessId, businessName: 'Kumar Kirana', role: 'manager', name: 'Meena Iyer',
        permissions: [...rolePermissions.manager],
      },
      language: null,
    });
    expect((await me(token)).json()).toEqual(picked.json());
    expect((await get('/api/credit-accounts/business', token)).statusCode).toBe(200);
    // A manager's permission at the second shop; the first shop's cashier would be refused.
    expect((await get('/api/business/to-collect', token)).statusCode).toBe(200);
    expect((await post('/api/staff/shop', { memberId: atFirst.memberId }, token)).statusCode).toBe(200);
    const asCashier = await get('/api/business/to-collect', token);
    expect(asCashier.statusCode).toBe(403);
    expect(asCashier.json().key).toBe('role_forbidden');
  });

  it("answers 404 staff_member_not_found for another person's membership or a made-up one, keeping the pick", async () => {
    const shop = await approvedBusiness(ctx);
    const other = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const stranger = await inviteStaff(ctx, other.token, { role: 'cashier' });
    for (const memberId of [stranger.memberId, '0190a3b2-6c1d-7e2f-8a3b-4c5d6e7f8091']) {
      const refused = await post('/api/staff/shop', { memberId }, cashier.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Person not found', code: 'not_found', key: 'staff_member_not_found', params: {} });
    }
    expect((await me(cashier.token)).json().shop.memberId).toBe(cashier.memberId);
    expect((await post('/api/staff/shop', { memberId: 'not-an-id' }, cashier.token)).json().key).toBe('staff_member_id');
  });

  it('is for staff sessions only', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    for (const token of [shop.token, customer.token]) {
      const refused = await get('/api/staff/shops', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().key).toBe('forbidden');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/shops' })).statusCode).toBe(401);
  });
});

describe('what a role may do', () => {
  it('refuses a role without the permission with role_forbidden, and everyone else as before', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const customer = await registerCustomer(ctx);
    const forbidden = await get('/api/business/staff', cashier.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: 'Your role at this shop does not allow this. Ask an owner.', code: 'role_forbidden', key: 'role_forbidden', params: {},
    });
    expect((await get('/api/business/staff', shop.token)).statusCode).toBe(200);
    expect((await get('/api/business/staff', customer.token)).json().key).toBe('forbidden');
    expect((await get('/api/business/staff', await adminToken(ctx))).json().key).toBe('forbidden');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/business/staff' })).json().key).toBe('not_signed_in');
    // What a cashier may do, it may.
    expect((await get('/api/credit-accounts/business', cashier.token)).statusCode).toBe(200);
  });
});

describe("a staff account's PIN", () => {
  const lockOut = async (person: { phoneNumber: string }) => {
    for (let i = 0; i < 5; i++) expect((await staffLogin(ctx, { phoneNumber: person.phoneNumber, pin: '9071' })).statusCode).toBe(401);
    const locked = await staffLogin(ctx, { phoneNumber: person.phoneNumber, pin: '9071' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedFor15Minutes);
  };

  it('locks after 5 wrong PINs, and never locks the owner, another person, or a customer of the same phone', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', phoneNumber: customer.phoneNumber, pin: '7315' });
    const colleague = await inviteStaff(ctx, shop.token, { role: 'manager' });
    await lockOut(cashier);
    expect((await staffLogin(ctx, cashier)).json()).toEqual(lockedFor15Minutes);
    expect((await post('/api/auth/business/login', { email: shop.email, pin: shop.pin })).statusCode).toBe(200);
    expect((await staffLogin(ctx, colleague)).statusCode).toBe(200);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(200);
    // As for an owner: the cashier's own phone, trusted since they joined on it, still signs in.
    expect((await staffLogin(ctx, cashier, cashier.deviceToken)).statusCode).toBe(200);
    expect((await me(cashier.token)).statusCode).toBe(200);
  });

  it("locks a cashier's own counter by wrong PINs in their session, and nobody else's", async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const colleague = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/confirm-pin', { pin: '9071' }, cashier.token)).statusCode).toBe(403);
    expect((await post('/api/auth/confirm-pin', { pin: cashier.pin }, cashier.token)).statusCode).toBe(429);
    expect((await post('/api/auth/confirm-pin', { pin: shop.pin }, shop.token)).statusCode).toBe(200);
    expect((await post('/api/auth/confirm-pin', { pin: colleague.pin }, colleague.token)).statusCode).toBe(200);
  });

  it('changes like any PIN, signing out the other sessions', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const other = (await staffLogin(ctx, cashier)).json().sessionToken as string;
    const changed = await post('/api/auth/change-pin', { currentPin: cashier.pin, newPin: '5184', confirmPin: '5184' }, cashier.token);
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await staffLogin(ctx, { phoneNumber: cashier.phoneNumber, pin: '5184' })).statusCode).toBe(200);
  });

  it('is reset by an OTP to the phone, which lifts the lock and signs every session out', async () => {
    const shop = await approvedBusiness(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    await lockOut(cashier);
    ctx.clock.advance(31);
    const proof = await verifyPhone(ctx, cashier.phoneNumber, 'pin_reset');
    const reset = await ctx.app.inject({
      method: 'POST', url: '/api/auth/reset-pin', cookies: { otp_proof: proof },
      payload: { phoneNumber: cashier.phoneNumber, role: 'staff', newPin: '5184', confirmPin: '5184' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(cashier.token)).statusCode).toBe(401);
    expect((await staffLogin(ctx, { phoneNumber: cashier.phoneNumber, pin: '5184' })).statusCode).toBe(200);
    // The owner's PIN is untouched.
    expect((await post('/api/auth/business/login', { email: shop.email, pin: shop.pin })).statusCode).toBe(200);
  });

  it('answers 404 reset_account_not_found for a phone without a staff account', async () => {
    const customer = await registerCustomer(ctx);
    ctx.clock.advance(31);
    const proof = await verifyPhone(ctx, customer.phoneNumber, 'pin_reset');
    const reset = await ctx.app.inject({
      method: 'POST', url: '/api/auth/reset-pin', cookies: { otp_proof: proof },
      payload: { phoneNumber: customer.phoneNumber, role: 'staff', newPin: '5184', confirmPin: '5184' },
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json()).toMatchObject({ key: 'reset_account_not_found', params: { role: 'staff' } });
  });

  it("is unlocked by an admin, by the phone, for the staff account only", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier', phoneNumber: customer.phoneNumber, pin: '7315' });
    await lockOut(cashier);
    for (let i = 0; i < 5; i++) await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: '9071' });
    const admin = await adminToken(ctx);
    const unlocked = await post('/api/admin/unlock', { role: 'staff', identifier: cashier.phoneNumber }, admin);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ success: true, wasLocked: true });
    expect((await staffLogin(ctx, cashier)).statusCode).toBe(200);
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(429);
  });
});
