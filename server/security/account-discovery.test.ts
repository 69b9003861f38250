/**
 * Account discovery through registration (docs/security.md, row 2b). Without an OTP proof the
 * registration calls must answer a registered phone or e-mail exactly as an unknown one,
 * or PIN guessing could be aimed at real accounts only. With a proof for one phone, a
 * caller could still test e-mails: each taken e-mail uses up one of 3 tries on the proof,
 * and an admin's e-mail answers exactly like a business's. The Staff sign-in answers a phone
 * with another role's account as one with none, and joining a shop shows a phone's
 * invitations only to whoever proved that phone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import {
  adminToken, approvedBusiness, bearer, createTestContext, inviteStaff, newPhone, registerBusiness, registerCustomer, staffLogin, verifyPhone,
  type TestContext,
} from '../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const registerCustomerCall = (phoneNumber: string, cookies: Record<string, string> = {}) => ctx.app.inject({
  method: 'POST', url: '/api/auth/customer/register', cookies, payload: { phoneNumber, name: 'Probe', pin: '4826' },
});
const registerBusinessCall = (phoneNumber: string, email: string, cookies: Record<string, string> = {}) => ctx.app.inject({
  method: 'POST', url: '/api/auth/business/register', cookies,
  payload: { phoneNumber, name: 'Probe', businessName: 'Probe Store', businessType: 'Retail', email, address: '1 Road, Pune', pin: '4826' },
});
const answer = (response: { statusCode: number; body: string }) => `${response.statusCode} ${response.body}`;
const userCount = async () => rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from users`))[0]!.n;

describe('registration without an OTP proof', () => {
  it('answers a registered phone exactly as an unknown one', async () => {
    const registered = await registerCustomer(ctx);
    const taken = await registerCustomerCall(registered.phoneNumber);
    const unknown = await registerCustomerCall(newPhone());
    expect(answer(taken)).toBe(answer(unknown));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      error: 'Please verify your phone number with an OTP before registering.', code: 'otp_proof_missing', key: 'otp_proof_missing', params: { purpose: 'registration' },
    });
  });

  it("answers a business's e-mail, an admin's e-mail, a business's phone and unknown ones all alike", async () => {
    const business = await registerBusiness(ctx);
    await adminToken(ctx, 'discover-admin@khata.test');
    const answers = [
      await registerBusinessCall(newPhone(), business.email),
      await registerBusinessCall(newPhone(), 'discover-admin@khata.test'),
      await registerBusinessCall(business.phoneNumber, 'free-1@example.com'),
      await registerBusinessCall(newPhone(), 'free-2@example.com'),
      // A proof for another phone is no proof for this one.
      await registerBusinessCall(newPhone(), business.email, { otp_proof: await verifyPhone(ctx, newPhone()) }),
    ].map(answer);
    expect(new Set(answers)).toEqual(new Set([
      '400 {"error":"Please verify your phone number with an OTP before registering.","code":"otp_proof_missing",'
        + '"key":"otp_proof_missing","params":{"purpose":"registration"}}',
    ]));
  });
});

describe('registration with an OTP proof', () => {
  it('tells the proven owner their phone is registered, and registers nothing', async () => {
    const registered = await registerCustomer(ctx);
    ctx.clock.advance(31);
    const proof = await verifyPhone(ctx, registered.phoneNumber);
    const before = await userCount();
    const response = await registerCustomerCall(registered.phoneNumber, { otp_proof: proof });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account with this phone number already exists', code: 'phone_taken', key: 'phone_taken', params: {} });
    expect(await userCount()).toBe(before);
  });

  it('allows 3 taken e-mails on one proof, an admin\'s answered like a business\'s, then the proof is spent', async () => {
    const business = await registerBusiness(ctx);
    await adminToken(ctx, 'probe-target@khata.test');
    const phoneNumber = newPhone();
    const proof = { otp_proof: await verifyPhone(ctx, phoneNumber) };
    const before = await userCount();
    const conflicts = [
      await registerBusinessCall(phoneNumber, business.email, proof),
      await registerBusinessCall(phoneNumber, 'probe-target@khata.test', proof),
      await registerBusinessCall(phoneNumber, business.email.toUpperCase(), proof),
    ].map(answer);
    expect(conflicts).toEqual(Array(3).fill('409 {"error":"An account with this email already exists","code":"email_taken","key":"email_taken","params":{}}'));
    // The fourth try, even with a free e-mail, needs a new OTP.
    const spent = await registerBusinessCall(phoneNumber, 'free-after@example.com', proof);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().code).toBe('otp_proof_missing');
    expect(await userCount()).toBe(before);
  });

  it('still registers on a proof after fewer than 3 taken e-mails', async () => {
    const business = await registerBusiness(ctx);
    const phoneNumber = newPhone();
    const proof = { otp_proof: await verifyPhone(ctx, phoneNumber) };
    expect((await registerBusinessCall(phoneNumber, business.email, proof)).statusCode).toBe(409);
    expect((await registerBusinessCall(phoneNumber, business.email, proof)).statusCode).toBe(409);
    expect((await registerBusinessCall(phoneNumber, `fresh-${phoneNumber.slice(3)}@example.com`, proof)).statusCode).toBe(201);
  });
});

describe('the Staff sign-in and joining a shop', () => {
  it("answers a staff account's phone with a wrong PIN, and a customer's, a business's and an unknown phone with their own PINs, alike", async () => {
    const shop = await approvedBusiness(ctx);
    const person = await inviteStaff(ctx, shop.token, { role: 'cashier', pin: '6284' });
    const customer = await registerCustomer(ctx);
    const business = await registerBusiness(ctx);
    const answers = [
      await staffLogin(ctx, { phoneNumber: person.phoneNumber, pin: '9071' }),
      // Accounts are unique per role and phone: another role's account and PIN open no staff account.
      await staffLogin(ctx, { phoneNumber: customer.phoneNumber, pin: customer.pin }),
      await staffLogin(ctx, { phoneNumber: business.phoneNumber, pin: business.pin }),
      await staffLogin(ctx, { phoneNumber: newPhone(), pin: '4826' }),
    ].map(answer);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^401 /);
    expect(JSON.parse(answers[0]!.slice(4))).toMatchObject({ code: 'invalid_credentials', key: 'invalid_credentials' });
  });

  it('sends the OTP for joining alike whether or not the phone is invited', async () => {
    const shop = await approvedBusiness(ctx);
    const invited = newPhone();
    const invitation = await ctx.app.inject({
      method: 'POST', url: '/api/business/staff/invitations', headers: bearer(shop.token),
      payload: { phoneNumber: invited, name: 'Invited Person', role: 'cashier', language: 'en' },
    });
    expect(invitation.statusCode).toBe(201);
    const shape = (response: { statusCode: number; json(): Record<string, unknown> }) => `${response.statusCode} ${Object.keys(response.json()).sort().join(',')}`;
    const send = (phoneNumber: string) => ctx.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber, purpose: 'staff_invitation' } });
    expect(shape(await send(invited))).toBe(shape(await send(newPhone())));
  });

  it("lists a phone's invitations only with a proof for that phone and purpose; a customer's phone has no staff account", async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const invitation = await ctx.app.inject({
      method: 'POST', url: '/api/business/staff/invitations', headers: bearer(shop.token),
      payload: { phoneNumber: customer.phoneNumber, name: 'Asha at the till', role: 'cashier', language: 'en' },
    });
    expect(invitation.statusCode).toBe(201);
    const list = (cookies: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/staff/invitations', cookies });
    const refusal = {
      status: 400, body: { error: expect.any(String), code: 'otp_proof_missing', key: 'otp_proof_missing', params: { purpose: 'staff_invitation' } },
    };
    const without = await list({});
    expect({ status: without.statusCode, body: without.json() }).toEqual(refusal);
    // A proof of the same phone for registering is no proof for joining.
    ctx.clock.advance(31);
    const registration = await list({ otp_proof: await verifyPhone(ctx, customer.phoneNumber) });
    expect({ status: registration.statusCode, body: registration.json() }).toEqual(refusal);
    // A proof for another phone shows that phone's (none), never this one's.
    const other = await list({ otp_proof: await verifyPhone(ctx, newPhone(), 'staff_invitation') });
    expect(other.json()).toEqual({ hasAccount: false, invitations: [] });
    ctx.clock.advance(31);
    const own = await list({ otp_proof: await verifyPhone(ctx, customer.phoneNumber, 'staff_invitation') });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ hasAccount: false, invitations: [{ id: invitation.json().invitation.id, role: 'cashier' }] });
  });
});
