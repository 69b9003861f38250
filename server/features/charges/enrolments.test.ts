/**
 * Sign-ups at the counter through the API: the code's SMS in the language the merchant chose,
 * every refusal with its exact words, the account opened for a new number (a customer without
 * a PIN, who approves purchases by SMS code and signs in once the OTP PIN reset gives them a
 * PIN) and for a number that has Khata already (their PIN kept, the answer the same). The
 * codes are read from what the SMS vendor was handed. The ledger is reconciled after each test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import { developmentSmsProvider } from '../../sms/development';
import type { SmsMessage, SmsProvider } from '../../sms/provider';
import { smsText } from '../../sms/templates';
import {
  adminToken, approvedBusiness, bearer, cookieFrom, createTestContext, newPhone, paymentSetup, registerBusiness, registerCustomer,
  type TestContext,
} from '../../test/context';

const handed: SmsMessage[] = [];
const development = developmentSmsProvider(() => {});
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    return development.send(message, options);
  },
};
const lastCode = (phone: string): string =>
  handed.filter((m) => m.to === phone && (m.template === 'charge' || m.template === 'enrol')).at(-1)!.variables.otp!;

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ sms: recorder }); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload, cookies });
const refused = (key: string, error: string, params: object = {}, code = key) => ({ error, code, key, params });

type Shop = Awaited<ReturnType<typeof approvedBusiness>>;

const startSignUp = (shop: { token: string }, body: object) => post('/api/business/counter-customers', body, bearer(shop.token));
const confirmSignUp = (shop: { token: string }, id: string, code: string) =>
  post(`/api/business/counter-customers/${id}/confirm`, { code }, bearer(shop.token));

/** A sign-up started at `shop`, with the code its SMS brought. */
async function signUp(shop: Shop, body: { name?: string; phoneNumber?: string; creditLimit?: string; language?: string } = {}) {
  const phoneNumber = body.phoneNumber ?? newPhone();
  const response = await startSignUp(shop, { name: 'Meena Devi', creditLimit: '2000', language: 'en', ...body, phoneNumber });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().enrolment.id as string, code: lastCode(phoneNumber), phoneNumber, response };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const platform = async () => (await get('/api/admin/stats', await adminToken(ctx))).json().stats as {
  customers: number; creditAccounts: number;
};
const userByPhone = async (phone: string) => rowsOf<{
  name: string; pin_hash: string | null; sms_approval: boolean; language: string | null; payment_handle: string | null;
}>(await ctx.database.db.execute(sql`select name, pin_hash, sms_approval, language, payment_handle from users
  where phone = ${phone} and role = 'customer'`));
const enrolmentsOf = async (phone: string) => rowsOf<{ status: string; attempts: number }>(await ctx.database.db.execute(sql`
  select status, attempts from counter_enrolments where phone = ${phone} order by created_at`));

/** The proof cookie of a pin_reset OTP for a phone. */
async function resetProof(phoneNumber: string): Promise<string> {
  ctx.clock.advance(31);
  const sent = await post('/api/otp/send', { phoneNumber, purpose: 'pin_reset' });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post('/api/otp/verify', { phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
  expect(verified.statusCode, verified.body).toBe(200);
  return cookieFrom(verified, 'otp_proof')!;
}

describe('POST /api/business/counter-customers', () => {
  it('sends the number a code naming the shop, the limit and approval by SMS code, in the language chosen, and shows the merchant what they typed', async () => {
    const shop = await approvedBusiness(ctx);
    const phoneNumber = newPhone();
    handed.length = 0;
    const response = await startSignUp(shop, { name: '  Meena Devi ', phoneNumber, creditLimit: '2000', language: 'hi' });
    expect(response.statusCode, response.body).toBe(201);
    const sms = handed.at(-1)!;
    expect(sms).toEqual({
      to: phoneNumber, language: 'hi', template: 'enrol',
      variables: { shop: 'Kumar Kirana', limit: '₹2,000.00', otp: expect.stringMatching(/^\d{6}$/) },
    });
    expect(response.json()).toEqual({
      enrolment: {
        id: expect.any(String), name: 'Meena Devi', phone: phoneNumber, creditLimit: '2000.00', attemptsLeft: 5,
        expiresAt: new Date(ctx.clock().getTime() + 300_000).toISOString(),
      },
    });
    expect(response.body).not.toContain(sms.variables.otp);
    // In English, "Rs" as every SMS says it.
    const english = await signUp(shop, { creditLimit: '500' });
    expect(smsText(handed.at(-1)!)).toBe(`${english.code} is your Khata code to open a credit account at Kumar Kirana with a `
      + 'limit of Rs 500.00, its purchases approved by SMS code. Give it to the shop only if you agree. Valid 5 minutes.');
    // No account, no customer until the code comes back.
    expect(await userByPhone(phoneNumber)).toEqual([]);
  });

  it('refuses a limit above the shop\'s maximum, a number with an account here already, and a merchant not approved', async () => {
    const shop = await approvedBusiness(ctx);
    const above = await startSignUp(shop, { name: 'Meena', phoneNumber: newPhone(), creditLimit: '50001', language: 'en' });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual(refused('limit_above_maximum', "Credit limit cannot be more than ₹50,000.00, your business's maximum", {
      maximum: '₹50,000.00',
    }));
    const customer = await registerCustomer(ctx, { name: 'Asha Verma' });
    const opened = await signUp(shop, { name: 'Asha', phoneNumber: customer.phoneNumber });
    expect((await confirmSignUp(shop, opened.id, opened.code)).statusCode).toBe(201);
    handed.length = 0;
    const again = await startSignUp(shop, { name: 'Someone', phoneNumber: customer.phoneNumber, creditLimit: '100', language: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused('credit_account_exists', 'Asha Verma already has a credit account with your business', {
      customerName: 'Asha Verma',
    }, 'already_exists'));
    expect(handed).toEqual([]);
    const pending = await registerBusiness(ctx);
    const notApproved = await startSignUp(pending, { name: 'Meena', phoneNumber: newPhone(), creditLimit: '100', language: 'en' });
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json()).toEqual(refused('not_approved', 'Your business must be approved by an admin first'));
  });

  it("refuses a shop's 6th code to a number within the hour, and says when to try again", async () => {
    const shop = await approvedBusiness(ctx);
    const phoneNumber = newPhone();
    for (let i = 0; i < 5; i++) await signUp(shop, { phoneNumber });
    handed.length = 0;
    const sixth = await startSignUp(shop, { name: 'Meena', phoneNumber, creditLimit: '100', language: 'en' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(refused('sms_codes_limit', 'This number has been sent 5 codes in the last hour. Try again later.', { limit: 5 }));
    expect(sixth.headers['retry-after']).toBe('3600');
    expect(handed).toEqual([]);
    ctx.clock.advance(3600);
    expect((await startSignUp(shop, { name: 'Meena', phoneNumber, creditLimit: '100', language: 'en' })).statusCode).toBe(201);
    ctx.clock.advance(3600);
  });

  it("counts only the shop's own codes: another shop's 5 codes to a Khata customer this hour neither refuse it nor date its limit", async () => {
    // Shop A charges its customer 5 times by SMS code.
    const a = await paymentSetup(ctx, { limit: '5000' });
    expect((await post('/api/customer/sms-approval', { enabled: true }, bearer(a.customer.token))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const charge = await post(`/api/business/credit-accounts/${a.accountId}/charges`, { amount: '1' }, bearer(a.shop.token));
      expect(charge.statusCode, charge.body).toBe(201);
    }
    const aSixth = await post(`/api/business/credit-accounts/${a.accountId}/charges`, { amount: '1' }, bearer(a.shop.token));
    expect(aSixth.statusCode).toBe(429);
    ctx.clock.advance(60);
    // Shop B, which cannot know the number has Khata, sends its own 5 sign-up codes all the same.
    const b = await approvedBusiness(ctx);
    const phoneNumber = a.customer.phoneNumber;
    for (let i = 0; i < 5; i++) await signUp(b, { phoneNumber });
    const bSixth = await startSignUp(b, { name: 'Asha', phoneNumber, creditLimit: '100', language: 'en' });
    expect(bSixth.statusCode).toBe(429);
    expect(bSixth.json()).toEqual(refused('sms_codes_limit', 'This number has been sent 5 codes in the last hour. Try again later.', { limit: 5 }));
    // An hour from B's first code, not from A's.
    expect(bSixth.headers['retry-after']).toBe('3600');
    ctx.clock.advance(3600);
  });

  it("refuses the shop's sign-ups to a number for a day once 10 wrong codes were typed for its codes to it; another shop's go", async () => {
    const shop = await approvedBusiness(ctx);
    const phoneNumber = newPhone();
    let firstSentAt = 0;
    for (let i = 0; i < 2; i++) {
      const enrolment = await signUp(shop, { phoneNumber });
      for (let tries = 0; tries < 5; tries++) await confirmSignUp(shop, enrolment.id, wrong(enrolment.code));
      firstSentAt ||= ctx.clock().getTime();
      ctx.clock.advance(600);
    }
    expect(await enrolmentsOf(phoneNumber)).toEqual([{ status: 'void', attempts: 5 }, { status: 'void', attempts: 5 }]);
    handed.length = 0;
    const third = await startSignUp(shop, { name: 'Meena', phoneNumber, creditLimit: '100', language: 'en' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(refused('sms_codes_blocked', 'Too many wrong codes for this number today. Try again tomorrow.'));
    expect(third.headers['retry-after']).toBe(String(24 * 3600 - (ctx.clock().getTime() - firstSentAt) / 1000));
    expect(handed).toEqual([]);
    // Another shop's codes are its own.
    const other = await approvedBusiness(ctx);
    await signUp(other, { phoneNumber });
    // A day after the first of those codes was sent, one more may go.
    ctx.clock.set(new Date(firstSentAt + 24 * 3600 * 1000));
    await signUp(shop, { phoneNumber });
  });
});

describe('POST /api/business/counter-customers/:id/confirm', () => {
  it('signs a new number up: a customer without a PIN who approves by SMS code, with an account at the limit typed', async () => {
    const shop = await approvedBusiness(ctx);
    const before = await platform();
    const enrolment = await signUp(shop, { name: 'Meena Devi', creditLimit: '2000', language: 'ta' });
    const response = await confirmSignUp(shop, enrolment.id, enrolment.code);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      customerName: 'Meena Devi',
      creditAccount: expect.objectContaining({
        customerName: 'Meena Devi', phone: enrolment.phoneNumber, creditLimit: '2000.00', owed: '0.00', currentBalance: '2000.00',
        language: 'ta', paymentHandle: expect.stringMatching(/^[a-z2-9]{8}@khata$/),
      }),
    });
    expect(await userByPhone(enrolment.phoneNumber)).toEqual([{
      name: 'Meena Devi', pin_hash: null, sms_approval: true, language: 'ta', payment_handle: expect.stringMatching(/@khata$/),
    }]);
    expect(await enrolmentsOf(enrolment.phoneNumber)).toEqual([{ status: 'used', attempts: 0 }]);
    const after = await platform();
    expect(after.customers).toBe(before.customers + 1);
    expect(after.creditAccounts).toBe(before.creditAccounts + 1);
    const listed = (await get('/api/credit-accounts/business', shop.token)).json().creditAccounts;
    expect(listed.map((a: { id: string }) => a.id)).toContain(response.json().creditAccount.id);

    // Used once: the code cannot open another account.
    const reused = await confirmSignUp(shop, enrolment.id, enrolment.code);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual(refused('sms_code_used', 'This code has already been used'));

    // The shop can charge them at once by SMS code.
    const charge = await post(`/api/business/credit-accounts/${response.json().creditAccount.id}/charges`, { amount: '100' }, bearer(shop.token));
    expect(charge.statusCode, charge.body).toBe(201);
    const paid = await post(`/api/business/charges/${charge.json().charge.id}/confirm`, { code: lastCode(enrolment.phoneNumber) }, bearer(shop.token));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().transaction).toMatchObject({ bySmsCode: true, customerName: 'Meena Devi', totalAmount: '102.00' });
  });

  it('lets the new customer in only once the OTP PIN reset gives them a PIN: any PIN before is the wrong PIN\'s 401', async () => {
    const shop = await approvedBusiness(ctx);
    const enrolment = await signUp(shop);
    expect((await confirmSignUp(shop, enrolment.id, enrolment.code)).statusCode).toBe(201);
    const known = await registerCustomer(ctx);
    const wrongPin = await post('/api/auth/customer/login', { phoneNumber: known.phoneNumber, pin: '9071' });
    expect(wrongPin.statusCode).toBe(401);
    for (const pin of ['4826', '9071', '0000']) {
      const noPin = await post('/api/auth/customer/login', { phoneNumber: enrolment.phoneNumber, pin });
      expect(noPin.statusCode).toBe(401);
      expect(noPin.json()).toEqual(wrongPin.json());
    }
    const proof = await resetProof(enrolment.phoneNumber);
    const reset = await post('/api/auth/reset-pin', {
      phoneNumber: enrolment.phoneNumber, role: 'customer', newPin: '6283', confirmPin: '6283',
    }, {}, { otp_proof: proof });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await post('/api/auth/customer/login', { phoneNumber: enrolment.phoneNumber, pin: '6283' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().sessionToken as string;
    const accounts = (await get('/api/credit-accounts/customer', token)).json().creditAccounts;
    expect(accounts).toEqual([expect.objectContaining({ business: { businessName: 'Kumar Kirana' }, creditLimit: '2000.00' })]);
    expect((await get('/api/customer/sms-approval', token)).json()).toEqual({ enabled: true });
  });

  it('signs up a number that has Khata already: the same answer, their PIN kept, SMS approval now on, no new customer', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx, { name: 'Asha Verma' });
    expect((await get('/api/customer/sms-approval', customer.token)).json()).toEqual({ enabled: false });
    const before = await platform();
    const enrolment = await signUp(shop, { name: 'Asha V', phoneNumber: customer.phoneNumber, creditLimit: '700' });
    const response = await confirmSignUp(shop, enrolment.id, enrolment.code);
    expect(response.statusCode, response.body).toBe(201);
    // The merchant's typed name, as for a new number; the account shows the registered one.
    expect(response.json().customerName).toBe('Asha V');
    expect(response.json().creditAccount).toMatchObject({ customerName: 'Asha Verma', creditLimit: '700.00', phone: customer.phoneNumber });
    const after = await platform();
    expect(after.customers).toBe(before.customers);
    expect(after.creditAccounts).toBe(before.creditAccounts + 1);
    expect((await get('/api/customer/sms-approval', customer.token)).json()).toEqual({ enabled: true });
    expect((await post('/api/auth/customer/login', { phoneNumber: customer.phoneNumber, pin: customer.pin })).statusCode).toBe(200);
    const accounts = (await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts;
    expect(accounts).toEqual([expect.objectContaining({ business: { businessName: 'Kumar Kirana' }, creditLimit: '700.00' })]);
  });

  it('counts wrong codes down to 1 try left, voids the sign-up at the 5th and refuses its right code after', async () => {
    const shop = await approvedBusiness(ctx);
    const enrolment = await signUp(shop);
    for (const left of [4, 3, 2, 1]) {
      const response = await confirmSignUp(shop, enrolment.id, wrong(enrolment.code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        ...refused('sms_code_incorrect', `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, { attemptsLeft: left }),
        attemptsLeft: left,
      });
    }
    const fifth = await confirmSignUp(shop, enrolment.id, wrong(enrolment.code));
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toEqual(refused('sms_code_void', 'Too many wrong codes. Send a new one.'));
    const right = await confirmSignUp(shop, enrolment.id, enrolment.code);
    expect(right.json()).toEqual(refused('sms_code_void', 'Too many wrong codes. Send a new one.'));
    expect(await enrolmentsOf(enrolment.phoneNumber)).toEqual([{ status: 'void', attempts: 5 }]);
    expect(await userByPhone(enrolment.phoneNumber)).toEqual([]);
  });

  it('counts wrong codes sent at once one at a time: 4 refused as incorrect, the 5th voids it, the rest find it void', async () => {
    const shop = await approvedBusiness(ctx);
    const enrolment = await signUp(shop);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirmSignUp(shop, enrolment.id, wrong(enrolment.code))));
    const keys = answers.map((a) => `${a.statusCode} ${a.json().key}`).sort();
    expect(keys).toEqual([...Array(4).fill('400 sms_code_incorrect'), ...Array(4).fill('422 sms_code_void')]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().attemptsLeft).sort()).toEqual([1, 2, 3, 4]);
    expect(await enrolmentsOf(enrolment.phoneNumber)).toEqual([{ status: 'void', attempts: 5 }]);
  });

  it('refuses a code after its 5 minutes, and a charge\'s code on a sign-up', async () => {
    const shop = await approvedBusiness(ctx);
    const expired = await signUp(shop);
    ctx.clock.advance(301);
    const late = await confirmSignUp(shop, expired.id, expired.code);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual(refused('sms_code_expired', 'This code has expired. Send a new one.'));
    expect(await enrolmentsOf(expired.phoneNumber)).toEqual([{ status: 'pending', attempts: 0 }]);
    // Each code opens only what its SMS named.
    const first = await signUp(shop);
    const second = await signUp(shop);
    const crossed = await confirmSignUp(shop, second.id, first.code);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ key: 'sms_code_incorrect', attemptsLeft: 4 });
  });

  it("answers another shop's sign-up as one that does not exist, and counts nothing on it", async () => {
    const shop = await approvedBusiness(ctx);
    const other = await approvedBusiness(ctx);
    const enrolment = await signUp(shop);
    const response = await confirmSignUp(other, enrolment.id, enrolment.code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refused('enrolment_not_found', 'Sign-up not found', {}, 'not_found'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-sign-up']) {
      expect((await confirmSignUp(shop, id, enrolment.code)).json()).toEqual(response.json());
    }
    expect(await enrolmentsOf(enrolment.phoneNumber)).toEqual([{ status: 'pending', attempts: 0 }]);
  });

  it('makes one customer of two shops signing one new number up at once, each with its account', async () => {
    const shops = [await approvedBusiness(ctx), await approvedBusiness(ctx)];
    const phoneNumber = newPhone();
    const enrolments = [await signUp(shops[0]!, { phoneNumber }), await signUp(shops[1]!, { phoneNumber })];
    const before = await platform();
    const answers = await Promise.all(enrolments.map((e, i) => confirmSignUp(shops[i]!, e.id, e.code)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await userByPhone(phoneNumber)).toHaveLength(1);
    expect((await platform()).customers).toBe(before.customers + 1);
    expect(answers[0]!.json().creditAccount.customerId).toBe(answers[1]!.json().creditAccount.customerId);
  });
});
