/**
 * Account discovery through registration (docs/security.md, row 2b). Without an OTP proof the
 * registration calls must answer a registered phone or e-mail exactly as an unknown one,
 * or PIN guessing could be aimed at real accounts only. With a proof for one phone, a
 * caller could still test e-mails: each taken e-mail uses up one of 3 tries on the proof,
 * and an admin's e-mail answers exactly like a business's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { adminToken, createTestContext, newPhone, registerBusiness, registerCustomer, verifyPhone, type TestContext } from '../test/context';

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
