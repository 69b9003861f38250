/**
 * Charges approved by SMS code through the API: the code's SMS, every refusal with its exact
 * words, the payment and every figure it moves (owed, available credit, the fee, the
 * merchant's dashboard, the customer's day, dues, the live events), and the customer's switch.
 * The codes are read from what the SMS vendor was handed. The ledger is reconciled after each test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { addDays, indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import { developmentSmsProvider } from '../../sms/development';
import { SmsSendError, type SmsMessage, type SmsProvider } from '../../sms/provider';
import { smsText } from '../../sms/templates';
import { bearer, createTestContext, paymentSetup, registerBusiness, type TestContext } from '../../test/context';

/** Every SMS handed to the vendor, in order; while `vendorDown`, the vendor refuses each. */
const handed: SmsMessage[] = [];
let vendorDown = false;
const development = developmentSmsProvider(() => {});
const recorder: SmsProvider = {
  name: 'development',
  async send(message, options) {
    handed.push(message);
    if (vendorDown) throw new SmsSendError('development answered 503', true, 'development');
    return development.send(message, options);
  },
};
/** The code of the last consent SMS to `phone`. */
const lastCode = (phone: string): string =>
  handed.filter((m) => m.to === phone && (m.template === 'charge' || m.template === 'enrol')).at(-1)!.variables.otp!;

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ sms: recorder }); });
beforeEach(() => { vendorDown = false; });
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
const refused = (key: string, error: string, params: object = {}, code = key) => ({ error, code, key, params });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;

/** A shop at 2 % and its customer, who turned approval by SMS code on. */
async function setup(options: { limit?: string } = {}) {
  const s = await paymentSetup(ctx, { limit: options.limit ?? '1000', feePercent: '2' });
  const switched = await post('/api/customer/sms-approval', s.customer.token, { enabled: true });
  expect(switched.statusCode, switched.body).toBe(200);
  return s;
}

const start = (s: Setup, body: object, token = s.shop.token, accountId = s.accountId) =>
  post(`/api/business/credit-accounts/${accountId}/charges`, token, body);
const confirm = (s: Setup, chargeId: string, code: string, options: { key?: string; token?: string } = {}) => post(
  `/api/business/charges/${chargeId}/confirm`, options.token ?? s.shop.token, { code },
  options.key ? { 'idempotency-key': options.key } : {},
);

/** Starts a charge and answers its id and the code the customer got. */
async function started(s: Setup, amount: string, note?: string) {
  const response = await start(s, { amount, ...(note ? { note } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().charge.id as string, code: lastCode(s.customer.phoneNumber) };
}

/** Another code than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const merchantAccount = async (s: Setup) => (await get('/api/credit-accounts/business', s.shop.token)).json().creditAccounts
  .find((a: { id: string }) => a.id === s.accountId);
const chargesOf = async (accountId: string) => rowsOf<{ status: string; attempts: number; transaction_id: string | null }>(
  await ctx.database.db.execute(sql`select status, attempts, transaction_id from sms_charges where credit_account_id = ${accountId}
    order by created_at`));

describe('POST /api/business/credit-accounts/:id/charges', () => {
  it('sends the customer the amount, the fee, the total and a 6-digit code, and shows the merchant all but the code', async () => {
    const s = await setup();
    handed.length = 0;
    const response = await start(s, { amount: '100', note: '  Rice, 5 kg  ' });
    expect(response.statusCode, response.body).toBe(201);
    const sms = handed.at(-1)!;
    expect(sms).toEqual({
      to: s.customer.phoneNumber, language: 'en', template: 'charge',
      variables: { shop: 'Kumar Kirana', amount: 'Rs 100.00', fee: 'Rs 2.00', total: 'Rs 102.00', otp: expect.stringMatching(/^\d{6}$/) },
    });
    const code = sms.variables.otp!;
    expect(smsText(sms)).toBe(`${code} is your Khata code to approve Rs 100.00 + Rs 2.00 fee = Rs 102.00 at Kumar Kirana. `
      + 'Valid 5 minutes. The shop will ask for it; give it only to approve this purchase.');
    expect(response.json()).toEqual({
      charge: {
        id: expect.any(String), creditAccountId: s.accountId, customerName: 'Asha Verma', amount: '100.00', fee: '2.00',
        totalAmount: '102.00', note: 'Rice, 5 kg', status: 'pending', attemptsLeft: 5,
        expiresAt: new Date(ctx.clock().getTime() + 300_000).toISOString(),
      },
    });
    expect(response.body).not.toContain(code);
    // The SMS is recorded as a charge's, without its variables: the code is never stored.
    const recorded = rowsOf<{ purpose: string; variables: unknown; template: string; business_id: string }>(await ctx.database.db.execute(sql`
      select purpose, variables, template, business_id from sms_messages where to_phone = ${s.customer.phoneNumber} and purpose <> 'otp'`));
    expect(recorded).toEqual([{ purpose: 'charge', variables: null, template: 'charge', business_id: s.shop.businessId }]);
    // Nothing is owed until the code comes back.
    expect(await merchantAccount(s)).toMatchObject({ owed: '0.00', currentBalance: '1000.00' });
  });

  it("says it in the customer's language", async () => {
    const s = await setup();
    expect((await post('/api/auth/language', s.customer.token, { language: 'hi' })).statusCode).toBe(200);
    await started(s, '150');
    expect(handed.at(-1)).toMatchObject({
      language: 'hi', template: 'charge', variables: { shop: 'Kumar Kirana', amount: '₹150.00', fee: '₹3.00', total: '₹153.00' },
    });
  });

  it("refuses another shop's account and an unknown one alike, and a merchant not approved", async () => {
    const s = await setup();
    const other = await setup();
    const others = await start(s, { amount: '10' }, s.shop.token, other.accountId);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(refused('credit_account_not_found', 'Credit account not found', {}, 'not_found'));
    const unknown = await start(s, { amount: '10' }, s.shop.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual(others.json());
    const pending = await registerBusiness(ctx);
    const notApproved = await start(s, { amount: '10' }, pending.token);
    expect(notApproved.statusCode).toBe(403);
    expect(notApproved.json()).toEqual(refused('not_approved', 'Your business must be approved by an admin first'));
    expect(await chargesOf(other.accountId)).toEqual([]);
  });

  it('refuses a customer who has not turned approval by SMS code on, and sends nothing', async () => {
    const s = await paymentSetup(ctx, { feePercent: '2' });
    handed.length = 0;
    const response = await start(s, { amount: '10' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refused('sms_approval_off', 'Asha Verma has not turned on approval by SMS code', { customerName: 'Asha Verma' }));
    expect(handed).toEqual([]);
    expect(await chargesOf(s.accountId)).toEqual([]);
  });

  it('refuses a total above what the customer can spend, naming the shortfall, and an amount above the maximum', async () => {
    const s = await setup({ limit: '1000' });
    // ₹990 + ₹19.80 fee = ₹1,009.80: ₹9.80 more than the limit leaves.
    const over = await start(s, { amount: '990' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual(refused('insufficient_credit', 'Insufficient balance. You need ₹9.80 more.', { shortfall: '₹9.80' }));
    const exact = await start(s, { amount: '980.39' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().charge.totalAmount).toBe('1000.00');
    const tooBig = await start(s, { amount: '100000.01' });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual(refused('amount_above_maximum', 'A payment cannot be more than ₹1,00,000.00', { maximum: '₹1,00,000.00' }));
    expect((await chargesOf(s.accountId)).length).toBe(1);
  });

  it('refuses a bad amount, a long note and a missing body with their own words', async () => {
    const s = await setup();
    for (const [body, key, error] of [
      [{ amount: '0' }, 'charge_amount_format', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '1.001' }, 'charge_amount_format', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '10', note: 'x'.repeat(101) }, 'charge_note_too_long', 'Note must be at most 100 characters'],
    ] as const) {
      const response = await start(s, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused(key, error, {}, 'invalid_input'));
    }
  });

  it('refuses a frozen Khata before any SMS', async () => {
    const s = await setup();
    const paid = await s.pay((await s.generate({ amount: '1' })).qrData);
    expect(paid.statusCode).toBe(201);
    const frozen = await post(`/api/transactions/${paid.json().transaction.id}/report`, s.customer.token, { reason: 'not_me', freeze: true });
    expect(frozen.statusCode, frozen.body).toBe(201);
    handed.length = 0;
    const response = await start(s, { amount: '10' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused('customer_frozen', 'The Khata of Asha Verma is frozen until they reset their PIN', { customerName: 'Asha Verma' }));
    expect(handed).toEqual([]);
  });

  it("sends a number at most 5 codes an hour, counting every shop's charges and counter sign-ups, then says when to try again", async () => {
    const s = await setup({ limit: '5000' });
    const first = ctx.clock();
    for (let i = 0; i < 4; i++) {
      await started(s, '1');
      ctx.clock.advance(10);
    }
    // A sign-up of the same number at another shop counts too.
    const otherShop = await paymentSetup(ctx);
    const enrolled = await post('/api/business/counter-customers', otherShop.shop.token, {
      name: 'Asha', phoneNumber: s.customer.phoneNumber, creditLimit: '100', language: 'en',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    ctx.clock.advance(10);
    handed.length = 0;
    const sixth = await start(s, { amount: '1' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(refused('sms_codes_limit', 'This number has been sent 5 codes in the last hour. Try again later.', { limit: 5 }));
    expect(sixth.headers['retry-after']).toBe(String(3600 - (ctx.clock().getTime() - first.getTime()) / 1000));
    expect(handed).toEqual([]);
    // Once the first code is an hour old, one more may go.
    ctx.clock.set(new Date(first.getTime() + 3600 * 1000));
    expect((await start(s, { amount: '1' })).statusCode).toBe(201);
    expect((await start(s, { amount: '1' })).statusCode).toBe(429);
    ctx.clock.advance(3600);
  });

  it('refuses new charges to a number for a day once 10 wrong codes were typed for the shop\'s codes to it (2 made void), sending nothing', async () => {
    const s = await setup({ limit: '5000' });
    let firstSentAt = 0;
    for (let i = 0; i < 2; i++) {
      const charge = await started(s, '10');
      for (let tries = 0; tries < 5; tries++) await confirm(s, charge.id, wrong(charge.code));
      firstSentAt ||= ctx.clock().getTime();
      ctx.clock.advance(600);
    }
    expect((await chargesOf(s.accountId)).map((c) => c.status)).toEqual(['void', 'void']);
    handed.length = 0;
    const third = await start(s, { amount: '10' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(refused('sms_codes_blocked', 'Too many wrong codes for this number today. Try again tomorrow.'));
    expect(third.headers['retry-after']).toBe(String(24 * 3600 - (ctx.clock().getTime() - firstSentAt) / 1000));
    expect(handed).toEqual([]);
    expect((await chargesOf(s.accountId)).length).toBe(2);
    // Still refused a second before the first of those codes is a day old; allowed at the day.
    ctx.clock.set(new Date(firstSentAt + 24 * 3600 * 1000 - 1000));
    const late = await start(s, { amount: '10' });
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('1');
    ctx.clock.advance(1);
    const next = await started(s, '10');
    expect((await confirm(s, next.id, next.code)).statusCode).toBe(201);
  });

  it("refuses a shop's charges only for wrong codes typed for its own codes: another shop's do not count", async () => {
    const s = await setup({ limit: '5000' });
    // Another shop signs the same customer up and types 10 wrong codes for 2 of its codes.
    const other = await paymentSetup(ctx);
    for (let i = 0; i < 2; i++) {
      const enrolled = await post('/api/business/counter-customers', other.shop.token, {
        name: 'Asha', phoneNumber: s.customer.phoneNumber, creditLimit: '100', language: 'en',
      });
      expect(enrolled.statusCode, enrolled.body).toBe(201);
      const code = lastCode(s.customer.phoneNumber);
      for (let tries = 0; tries < 5; tries++) {
        await post(`/api/business/counter-customers/${enrolled.json().enrolment.id}/confirm`, other.shop.token, { code: wrong(code) });
      }
    }
    const blocked = await post('/api/business/counter-customers', other.shop.token, {
      name: 'Asha', phoneNumber: s.customer.phoneNumber, creditLimit: '100', language: 'en',
    });
    expect(blocked.json()).toEqual(refused('sms_codes_blocked', 'Too many wrong codes for this number today. Try again tomorrow.'));
    const charge = await started(s, '10');
    expect((await confirm(s, charge.id, charge.code)).statusCode).toBe(201);
    ctx.clock.advance(3600);
  });

  it('counts wrong tries, not void codes: 4 wrong tries per charge left to expire add up, a paid code\'s wrong tries too', async () => {
    const s = await setup({ limit: '5000' });
    // A code paid with no wrong try counts for nothing, and does not date the refusal.
    const paid = await started(s, '10');
    expect((await confirm(s, paid.id, paid.code)).statusCode).toBe(201);
    ctx.clock.advance(60);
    const firstWrongAt = ctx.clock().getTime();
    /** Starts a charge, types 4 wrong codes for it (none voids it) and lets it expire. */
    const guessedAndExpired = async () => {
      const charge = await started(s, '10');
      for (let tries = 0; tries < 4; tries++) expect((await confirm(s, charge.id, wrong(charge.code))).statusCode).toBe(400);
      ctx.clock.advance(600);
      expect((await confirm(s, charge.id, charge.code)).json().key).toBe('sms_code_expired');
    };
    await guessedAndExpired();
    await guessedAndExpired();
    // Another shop's 4 wrong codes for its own sign-up to the number: 12 in all, 8 of them this shop's.
    const other = await paymentSetup(ctx);
    const enrolled = await post('/api/business/counter-customers', other.shop.token, {
      name: 'Asha', phoneNumber: s.customer.phoneNumber, creditLimit: '100', language: 'en',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const otherCode = lastCode(s.customer.phoneNumber);
    for (let tries = 0; tries < 4; tries++) {
      await post(`/api/business/counter-customers/${enrolled.json().enrolment.id}/confirm`, other.shop.token, { code: wrong(otherCode) });
    }
    // At 8 the third charge goes; at 12 the fourth does not.
    await guessedAndExpired();
    expect((await chargesOf(s.accountId)).map((c) => `${c.status} ${c.attempts}`))
      .toEqual(['used 0', 'pending 4', 'pending 4', 'pending 4']);
    handed.length = 0;
    const fourth = await start(s, { amount: '10' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(refused('sms_codes_blocked', 'Too many wrong codes for this number today. Try again tomorrow.'));
    expect(fourth.headers['retry-after']).toBe(String(24 * 3600 - (ctx.clock().getTime() - firstWrongAt) / 1000));
    expect(handed).toEqual([]);
    // A second before the first of them is a day old: still 12. At the day: 8, and a charge goes.
    ctx.clock.set(new Date(firstWrongAt + 24 * 3600 * 1000 - 1000));
    expect((await start(s, { amount: '10' })).headers['retry-after']).toBe('1');
    ctx.clock.advance(1);
    const next = await started(s, '10');
    // Its 2 wrong tries count though it is paid: 10, refused until the second charge is a day old.
    for (let tries = 0; tries < 2; tries++) expect((await confirm(s, next.id, wrong(next.code))).statusCode).toBe(400);
    expect((await confirm(s, next.id, next.code)).statusCode).toBe(201);
    const blocked = await start(s, { amount: '10' });
    expect(blocked.json().key).toBe('sms_codes_blocked');
    expect(blocked.headers['retry-after']).toBe('600');
    ctx.clock.advance(3600);
  });

  it('takes the charge back when no SMS vendor takes the code: 503, nothing kept, nothing counted', async () => {
    const s = await setup();
    vendorDown = true;
    const response = await start(s, { amount: '10' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(refused('sms_unavailable', 'We could not send the SMS just now. Please try again in a minute.'));
    expect(response.headers['retry-after']).toBeDefined();
    expect(await chargesOf(s.accountId)).toEqual([]);
    vendorDown = false;
    for (let i = 0; i < 5; i++) expect((await start(s, { amount: '1' })).statusCode).toBe(201);
    ctx.clock.advance(3600);
  });
});

describe('POST /api/business/charges/:id/confirm', () => {
  it('pays with the right code: a payment approved by SMS code, with its fee, limit, rollups, dues and live events', async () => {
    const s = await setup({ limit: '1000' });
    await ctx.app.services.events.start();
    const seen: { side: string; id: string; type: string }[] = [];
    const follow = (side: string, scope: { businessId: string } | { customerId: string }) => ctx.app.services.events.follow(scope, null, {
      send: (event) => seen.push({ side, id: event.id, type: event.type }),
      sendStatus: () => {}, sendClaim: () => {}, sendReport: () => {}, onError: (error) => { throw error; },
    });
    const following = [follow('merchant', { businessId: s.shop.businessId }), follow('customer', { customerId: s.customer.userId })];

    const charge = await started(s, '250.25', 'Rice');
    ctx.clock.advance(60);
    const response = await confirm(s, charge.id, charge.code);
    expect(response.statusCode, response.body).toBe(201);
    const { transaction, creditAccount } = response.json();
    expect(transaction).toEqual({
      id: expect.any(String), type: 'payment', amount: '250.25', fee: '5.01', totalAmount: '255.26', status: 'completed',
      createdAt: ctx.clock().toISOString(), businessId: s.shop.businessId,
      business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: s.shop.phoneNumber },
      customerName: 'Asha Verma', description: 'Rice', availableCredit: '744.74', originalId: null, reason: null,
      refunded: '0.00', refundedFee: '0.00', refundableUntil: new Date(ctx.clock().getTime() + 180 * 24 * 3600 * 1000).toISOString(),
      reversibleUntil: null, reversed: false, report: null, bySmsCode: true,
      // The shop's answer names who typed the code; the customer's side never does.
      by: { name: 'Ravi Kumar', role: 'owner' },
    });
    const today = indiaDay(ctx.clock());
    expect(creditAccount).toMatchObject({
      id: s.accountId, owed: '255.26', currentBalance: '744.74', creditLimit: '1000.00', nextDueOn: addDays(today, 30),
    });
    // The ledger row: no QR code, the rate of the charge, due in the shop's credit period.
    const [row] = rowsOf<{ by_sms_code: boolean; qr_code_id: string | null; fee_basis_points: number; due_on: string }>(
      await ctx.database.db.execute(sql`select by_sms_code, qr_code_id, fee_basis_points, due_on::text from transactions
        where id = ${transaction.id}`));
    expect(row).toEqual({ by_sms_code: true, qr_code_id: null, fee_basis_points: 200, due_on: addDays(today, 30) });
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'used', attempts: 0, transaction_id: transaction.id }]);
    // Both sides' histories and the receipt show it as approved by SMS code.
    const customerHistory = (await get('/api/transactions/customer', s.customer.token)).json().transactions;
    expect(customerHistory[0]).toEqual({ ...transaction, by: null });
    expect((await get(`/api/transactions/${transaction.id}`, s.customer.token)).json().transaction).toEqual({ ...transaction, by: null });
    expect((await get('/api/transactions/business', s.shop.token)).json().transactions[0]).toEqual(transaction);
    // The dashboard counts it as a payment, and the customer's day moved.
    expect((await get('/api/business/stats', s.shop.token)).json().stats).toMatchObject({
      totalRevenue: '250.25', creditIssued: '255.26', transactions: 1,
    });
    const [customer] = rowsOf<{ last_paid_on: string }>(await ctx.database.db.execute(sql`
      select last_paid_on::text from users where id = ${s.customer.userId}`));
    expect(customer!.last_paid_on).toBe(today);
    // The payment reached both sides' live streams, as a payment by PIN does.
    await expect.poll(() => seen.filter((e) => e.id === transaction.id).map((e) => `${e.side} ${e.type}`).sort())
      .toEqual(['customer payment', 'merchant payment']);
    for (const f of following) f.close();
  });

  it("marks it approved by SMS code on both sides' statement and its CSV, and a PIN payment not", async () => {
    const s = await setup();
    const charge = await started(s, '100', 'Dal');
    expect((await confirm(s, charge.id, charge.code)).statusCode).toBe(201);
    // A second later, so the statement's order (time, then id) is the order they were made.
    ctx.clock.advance(1);
    expect((await s.pay((await s.generate({ amount: '10', description: 'Tea' })).qrData)).statusCode).toBe(201);
    const day = indiaDay(ctx.clock());
    const query = `from=${day}&to=${day}`;
    const statement = (await get(`/api/credit-accounts/${s.accountId}/statement?${query}`, s.customer.token)).json().statement;
    expect(statement.rows.map((r: { description: string; bySmsCode: boolean }) => [r.description, r.bySmsCode]))
      .toEqual([['Dal', true], ['Tea', false]]);
    // The shop's copy is the same, naming who confirmed the charge (a payment by PIN names no one).
    const shopCopy = (await get(`/api/credit-accounts/${s.accountId}/statement?${query}`, s.shop.token)).json().statement;
    expect(shopCopy.rows.map((r: { by: unknown }) => r.by)).toEqual([{ name: 'Ravi Kumar', role: 'owner' }, null]);
    expect(shopCopy).toEqual({ ...statement, rows: statement.rows.map((r: object, i: number) => ({ ...r, by: shopCopy.rows[i].by })) });
    const csv = (await get(`/api/credit-accounts/${s.accountId}/statement.csv?${query}`, s.shop.token)).body.split('\r\n');
    expect(csv.slice(2, 4)).toEqual([
      `"${statement.rows[0].date}","Payment","Dal (Approved by SMS code)","Ravi Kumar (Owner)",100.00,2.00,102.00,102.00`,
      `"${statement.rows[1].date}","Payment","Tea","",10.00,0.20,10.20,112.20`,
    ]);
  });

  it('counts wrong codes, 4 tries left down to 1, voids the charge at the 5th and refuses its right code after', async () => {
    const s = await setup();
    const charge = await started(s, '10');
    for (const left of [4, 3, 2, 1]) {
      const response = await confirm(s, charge.id, wrong(charge.code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        ...refused('sms_code_incorrect', `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, { attemptsLeft: left }),
        attemptsLeft: left,
      });
    }
    const fifth = await confirm(s, charge.id, wrong(charge.code));
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json()).toEqual(refused('sms_code_void', 'Too many wrong codes. Send a new one.'));
    const right = await confirm(s, charge.id, charge.code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(refused('sms_code_void', 'Too many wrong codes. Send a new one.'));
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'void', attempts: 5, transaction_id: null }]);
    expect(await merchantAccount(s)).toMatchObject({ owed: '0.00' });
  });

  it('refuses a code after its 5 minutes, right or wrong, without counting it', async () => {
    const s = await setup();
    const charge = await started(s, '10');
    ctx.clock.advance(301);
    for (const code of [charge.code, wrong(charge.code)]) {
      const response = await confirm(s, charge.id, code);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refused('sms_code_expired', 'This code has expired. Send a new one.'));
    }
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
  });

  it('pays once per code: a reused code is refused, the same Idempotency-Key gets the first answer, another body a conflict', async () => {
    const s = await setup();
    const charge = await started(s, '100');
    const first = await confirm(s, charge.id, charge.code, { key: 'charge-key-0001' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await confirm(s, charge.id, charge.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused('sms_code_used', 'This code has already been used'));
    const replayed = await confirm(s, charge.id, charge.code, { key: 'charge-key-0001' });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json().transaction).toEqual(first.json().transaction);
    const otherBody = await confirm(s, charge.id, wrong(charge.code), { key: 'charge-key-0001' });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json()).toEqual(refused('idempotency_conflict', 'This Idempotency-Key was already used for a different payment'));
    const badKey = await confirm(s, charge.id, charge.code, { key: 'short' });
    expect(badKey.statusCode).toBe(400);
    expect(await merchantAccount(s)).toMatchObject({ owed: '102.00' });
    expect((await chargesOf(s.accountId)).map((c) => c.status)).toEqual(['used']);
  });

  it("refuses one charge's code on another charge of the same account, counting it there", async () => {
    const s = await setup();
    const a = await started(s, '100');
    const b = await started(s, '200');
    const crossed = await confirm(s, b.id, a.code);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ key: 'sms_code_incorrect', attemptsLeft: 4 });
    expect((await confirm(s, b.id, b.code)).statusCode).toBe(201);
    expect((await confirm(s, a.id, a.code)).statusCode).toBe(201);
    expect(await merchantAccount(s)).toMatchObject({ owed: '306.00' });
  });

  it("answers another shop's charge as one that does not exist, and counts nothing on it", async () => {
    const s = await setup();
    const other = await setup();
    const charge = await started(s, '10');
    const response = await confirm(other, charge.id, charge.code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refused('charge_not_found', 'Charge not found', {}, 'not_found'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-charge']) {
      expect((await confirm(s, id, charge.code)).json()).toEqual(response.json());
    }
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
    expect((await confirm(s, charge.id, charge.code)).statusCode).toBe(201);
  });

  it('refuses a code whose total no longer fits, when the credit was spent since it was sent; the code stays usable', async () => {
    const s = await setup({ limit: '1000' });
    const charge = await started(s, '600');
    const paid = await s.pay((await s.generate({ amount: '500' })).qrData);
    expect(paid.statusCode).toBe(201);
    const response = await confirm(s, charge.id, charge.code);
    expect(response.statusCode).toBe(422);
    // ₹510 owed + ₹612 = ₹1,122: ₹122 above the limit.
    expect(response.json()).toEqual(refused('insufficient_credit', 'Insufficient balance. You need ₹122.00 more.', { shortfall: '₹122.00' }));
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
    expect((await post(`/api/business/credit-accounts/${s.accountId}/repayment`, s.shop.token, { amount: '200' })).statusCode).toBe(201);
    expect((await confirm(s, charge.id, charge.code)).statusCode).toBe(201);
  });

  it('never passes the limit with charges of one account confirmed at once', async () => {
    const s = await setup({ limit: '1000' });
    // Five charges of ₹306 each fit the ₹1,000 limit when sent; only three fit together.
    const charges = [];
    for (let i = 0; i < 5; i++) charges.push(await started(s, '300'));
    const answers = await Promise.all(charges.map((c) => confirm(s, c.id, c.code)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422]);
    for (const refusal of answers.filter((a) => a.statusCode === 422)) {
      expect(refusal.json()).toEqual(refused('insufficient_credit', 'Insufficient balance. You need ₹224.00 more.', { shortfall: '₹224.00' }));
    }
    expect(await merchantAccount(s)).toMatchObject({ owed: '918.00', currentBalance: '82.00' });
    ctx.clock.advance(3600);
  });

  it('refuses a code once the customer has turned SMS approval off, counting nothing', async () => {
    const s = await setup();
    const charge = await started(s, '10');
    expect((await post('/api/customer/sms-approval', s.customer.token, { enabled: false })).statusCode).toBe(200);
    const response = await confirm(s, charge.id, charge.code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refused('sms_approval_off', 'Asha Verma has not turned on approval by SMS code', { customerName: 'Asha Verma' }));
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
    expect(await merchantAccount(s)).toMatchObject({ owed: '0.00' });
  });

  it('refuses a frozen Khata before the code is tried, counting nothing', async () => {
    const s = await setup();
    const charge = await started(s, '10');
    const paid = await s.pay((await s.generate({ amount: '1' })).qrData);
    expect((await post(`/api/transactions/${paid.json().transaction.id}/report`, s.customer.token, { reason: 'not_me', freeze: true })).statusCode)
      .toBe(201);
    for (const code of [charge.code, wrong(charge.code)]) {
      const response = await confirm(s, charge.id, code);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused('customer_frozen', 'The Khata of Asha Verma is frozen until they reset their PIN', { customerName: 'Asha Verma' }));
    }
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
  });

  it('refuses a code that is not 6 digits with its own words, counting nothing', async () => {
    const s = await setup();
    const charge = await started(s, '10');
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await confirm(s, charge.id, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused('sms_code_format', 'Enter the 6-digit code', {}, 'invalid_input'));
    }
    expect(await chargesOf(s.accountId)).toEqual([{ status: 'pending', attempts: 0, transaction_id: null }]);
  });
});

describe('GET/POST /api/customer/sms-approval', () => {
  it('is off until the customer turns it on, and off again when they turn it off', async () => {
    const s = await paymentSetup(ctx);
    expect((await get('/api/customer/sms-approval', s.customer.token)).json()).toEqual({ enabled: false });
    expect((await post('/api/customer/sms-approval', s.customer.token, { enabled: true })).json()).toEqual({ enabled: true });
    expect((await get('/api/customer/sms-approval', s.customer.token)).json()).toEqual({ enabled: true });
    expect((await start(s, { amount: '1' })).statusCode).toBe(201);
    expect((await post('/api/customer/sms-approval', s.customer.token, { enabled: false })).json()).toEqual({ enabled: false });
    expect((await start(s, { amount: '1' })).statusCode).toBe(409);
  });

  it('refuses anything but true or false, and a merchant', async () => {
    const s = await paymentSetup(ctx);
    for (const enabled of ['yes', 1, null]) {
      const response = await post('/api/customer/sms-approval', s.customer.token, { enabled });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused('sms_approval_choice', 'enabled must be true or false', {}, 'invalid_input'));
    }
    expect((await get('/api/customer/sms-approval', s.shop.token)).statusCode).toBe(403);
    expect((await get('/api/customer/sms-approval', s.customer.token)).json()).toEqual({ enabled: false });
  });
});
