/**
 * "Report a problem with this payment" through the API: the customer's report and its
 * refusals, the merchant's list, a refund and a decline answering it, and the freeze of a
 * "not me" report (signed out everywhere, no sign-in, no payment, until the OTP PIN reset).
 * The ledger is reconciled after each test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReportEventData } from '@common/schemas/events';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import { hashToken } from '../../tokens';
import {
  approvedBusiness, bearer, cookieFrom, createTestContext, inviteStaff, paymentSetup, registerBusiness, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string | null, payload: object, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload, cookies });

const report = (paymentId: string, token: string, payload: object) => post(`/api/transactions/${paymentId}/report`, token, payload);
const list = async (s: Setup, status?: string) =>
  (await get(`/api/business/payment-reports${status ? `?status=${status}` : ''}`, s.shop.token)).json().reports as { id: string; status: string }[];
const decline = (s: Setup, reportId: string, payload: object = { reason: 'The customer bought it in person' }, token = s.shop.token) =>
  post(`/api/business/payment-reports/${reportId}/decline`, token, payload);

async function payOnce(s: Setup, amount: string): Promise<string> {
  const response = await s.pay((await s.generate()).qrData, { amount });
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return response.json().transaction.id as string;
}

/** A customer owing one payment of ₹1,000 (2 % fee), with its ledger id. */
async function paid() {
  const s = await paymentSetup(ctx, { limit: '5000' });
  return { ...s, paymentId: await payOnce(s, '1000') };
}

async function reported(s: Setup & { paymentId: string }, payload: object = { reason: 'wrong_amount' }): Promise<string> {
  const response = await report(s.paymentId, s.customer.token, payload);
  if (response.statusCode !== 201) throw new Error(`report failed: ${response.body}`);
  return response.json().report.id as string;
}

/** The report events a business's streams (or a customer's) receive from now on. */
function listen(scope: { businessId: string } | { customerId: string }) {
  const received: ReportEventData[] = [];
  const stream = ctx.app.services.events.follow(scope, null, {
    send: () => {}, sendStatus: () => {}, sendClaim: () => {}, sendReport: (event) => { received.push(event); },
    onError: (error) => { throw error; },
  });
  return { received, close: () => stream.close() };
}

const refused = (key: string, error: string, params: object = {}, code = key) => ({ error, code, key, params });

describe('POST /api/transactions/:id/report', () => {
  it('records an open report that changes nothing owed and tells the merchant', async () => {
    const s = await paid();
    await ctx.app.services.events.start();
    const merchant = listen({ businessId: s.shop.businessId });
    try {
      const response = await report(s.paymentId, s.customer.token, { reason: 'other', note: '  Charged twice at the counter  ' });
      expect(response.statusCode).toBe(201);
      const created = response.json().report;
      expect(created).toEqual({
        id: expect.any(String), transactionId: s.paymentId, creditAccountId: s.accountId, reason: 'other',
        note: 'Charged twice at the counter', froze: false, status: 'open', declineReason: null, refundTransactionId: null,
        createdAt: ctx.clock().toISOString(), decidedAt: null, customerName: 'Asha Verma', businessName: 'Kumar Kirana',
        paymentCreatedAt: ctx.clock().toISOString(), amount: '1000.00', fee: '20.00', totalAmount: '1020.00', refundable: '1000.00', refundedFee: '0.00',
      });
      await expect.poll(() => merchant.received.length).toBe(1);
      expect(merchant.received[0]).toEqual({
        reportId: created.id, transactionId: s.paymentId, businessId: s.shop.businessId, status: 'open', reason: 'other',
        froze: false, amount: '1000.00', customerName: 'Asha Verma', businessName: 'Kumar Kirana',
      });
      expect(await list(s)).toEqual([created]);
      const accounts = (await get('/api/credit-accounts/customer', s.customer.token)).json().creditAccounts;
      expect(accounts[0]).toMatchObject({ owed: '1020.00' });
      const row = (await get(`/api/transactions/${s.paymentId}`, s.customer.token)).json().transaction;
      expect(row.report).toEqual({
        id: created.id, reason: 'other', status: 'open', note: 'Charged twice at the counter', declineReason: null,
        createdAt: created.createdAt,
      });
    } finally {
      merchant.close();
    }
  });

  it("answers another customer's payment, an unknown id and a malformed one as not found", async () => {
    const s = await paid();
    const other = await paid();
    const notFound = refused('transaction_not_found', 'Transaction not found', {}, 'not_found');
    for (const id of [other.paymentId, '0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff', 'not-an-id']) {
      const response = await report(id, s.customer.token, { reason: 'not_me' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it('refuses a row that is not a payment, and a second report of one', async () => {
    const s = await paid();
    const repayment = await post(`/api/business/credit-accounts/${s.accountId}/repayment`, s.shop.token, { amount: '100' });
    const notPayment = await report(repayment.json().transaction.id, s.customer.token, { reason: 'wrong_amount' });
    expect(notPayment.statusCode).toBe(422);
    expect(notPayment.json()).toEqual(refused('report_not_payment', 'Only a payment can be reported'));

    await reported(s);
    const twice = await report(s.paymentId, s.customer.token, { reason: 'goods_returned' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refused('report_exists', 'You have already reported a problem with this payment'));
  });

  it('refuses a freeze without "not me", "other" without a note and a reason it does not know', async () => {
    const s = await paid();
    const cases: [object, string, string][] = [
      [{ reason: 'wrong_amount', freeze: true }, 'freeze_needs_not_me', 'Only a payment that was not you can freeze your Khata'],
      [{ reason: 'other' }, 'report_note_required', 'Describe the problem'],
      [{ reason: 'other', note: '   ' }, 'report_note_required', 'Describe the problem'],
      [{ reason: 'stolen' }, 'report_reason_invalid', 'Choose what is wrong with this payment'],
      [{ reason: 'other', note: 'x'.repeat(501) }, 'report_note_too_long', 'Describe the problem in up to 500 characters'],
    ];
    for (const [payload, key, message] of cases) {
      const response = await report(s.paymentId, s.customer.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused(key, message, {}, 'invalid_input'));
    }
    expect(await list(s, 'all')).toEqual([]);
  });
});

describe('answering a report', () => {
  it('closes a report with a refund and tells both sides', async () => {
    const s = await paid();
    const reportId = await reported(s);
    await ctx.app.services.events.start();
    const merchant = listen({ businessId: s.shop.businessId });
    const customer = listen({ customerId: s.customer.userId });
    try {
      ctx.clock.advance(60);
      const refunded = await post(`/api/business/transactions/${s.paymentId}/refund`, s.shop.token,
        { amount: '100', reason: 'Charged ₹100 too much', pin: s.shop.pin, reportId });
      expect(refunded.statusCode).toBe(201);
      const refundId = refunded.json().transaction.id as string;
      expect(refunded.json().payment.report).toMatchObject({ id: reportId, status: 'refunded' });

      const [closed] = await list(s, 'refunded');
      expect(closed).toMatchObject({
        id: reportId, status: 'refunded', refundTransactionId: refundId, decidedAt: ctx.clock().toISOString(), refundable: '900.00',
        refundedFee: '2.00',
      });
      expect(await list(s)).toEqual([]);
      // The report's own "open" news may still be on its way to the merchant's stream: only the answer counts here.
      const answers = (received: ReportEventData[]) => received.filter((event) => event.status === 'refunded');
      await expect.poll(() => [answers(merchant.received).length, answers(customer.received).length]).toEqual([1, 1]);
      expect(answers(customer.received)[0]).toMatchObject({ reportId, status: 'refunded', amount: '1000.00', froze: false });
      expect(customer.received.map((event) => event.status)).toEqual(['refunded']);

      const declined = await decline(s, reportId);
      expect(declined.statusCode).toBe(409);
      expect(declined.json()).toEqual(refused('report_already_answered', 'This report has already been answered'));
      const again = await post(`/api/business/transactions/${s.paymentId}/refund`, s.shop.token,
        { amount: '100', reason: 'Again', pin: s.shop.pin, reportId });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(refused('report_already_answered', 'This report has already been answered'));
    } finally {
      merchant.close();
      customer.close();
    }
  });

  it("refuses a refund naming another payment's report", async () => {
    const s = await paid();
    const otherPayment = await payOnce(s, '50');
    const reportId = await reported(s);
    const response = await post(`/api/business/transactions/${otherPayment}/refund`, s.shop.token,
      { amount: '10', reason: 'Returned', pin: s.shop.pin, reportId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(refused('report_not_found', 'Report not found', {}, 'not_found'));
  });

  it('declines a report with a reason, which the customer sees, once', async () => {
    const s = await paid();
    const reportId = await reported(s);
    await ctx.app.services.events.start();
    const customer = listen({ customerId: s.customer.userId });
    try {
      ctx.clock.advance(30);
      const response = await decline(s, reportId, { reason: '  Paid for two bags  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json().report).toMatchObject({
        id: reportId, status: 'declined', declineReason: 'Paid for two bags', decidedAt: ctx.clock().toISOString(), refundTransactionId: null,
      });
      await expect.poll(() => customer.received.length).toBe(1);
      expect(customer.received[0]).toMatchObject({ reportId, status: 'declined' });
      const row = (await get(`/api/transactions/${s.paymentId}`, s.customer.token)).json().transaction;
      expect(row.report).toMatchObject({ status: 'declined', declineReason: 'Paid for two bags' });
      expect((await decline(s, reportId)).json()).toEqual(refused('report_already_answered', 'This report has already been answered'));
    } finally {
      customer.close();
    }
  });

  it("refuses another merchant's report, an unknown one, a missing reason and a merchant not approved", async () => {
    const s = await paid();
    const reportId = await reported(s);
    const other = await approvedBusiness(ctx);
    const notFound = refused('report_not_found', 'Report not found', {}, 'not_found');
    for (const [id, token] of [[reportId, other.token], ['0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff', s.shop.token], ['x', s.shop.token]] as const) {
      const response = await decline(s, id, undefined, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const noReason = await decline(s, reportId, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual(refused('reason_required', 'Give a reason of up to 200 characters', {}, 'invalid_input'));
    const pending = await registerBusiness(ctx);
    expect((await decline(s, reportId, undefined, pending.token)).json().code).toBe('not_approved');
    expect((await list(s)).map((r) => r.status)).toEqual(['open']);
  });

  it('lists open reports by default, newest first, and each status on request', async () => {
    const s = await paid();
    const first = await reported(s);
    ctx.clock.advance(10);
    const second = await reported({ ...s, paymentId: await payOnce(s, '20') }, { reason: 'goods_returned' });
    ctx.clock.advance(10);
    const third = await reported({ ...s, paymentId: await payOnce(s, '30') }, { reason: 'not_me' });
    expect((await decline(s, second)).statusCode).toBe(200);
    expect((await list(s)).map((r) => r.id)).toEqual([third, first]);
    expect((await list(s, 'declined')).map((r) => r.id)).toEqual([second]);
    expect((await list(s, 'all')).map((r) => r.id)).toEqual([third, second, first]);
    const badStatus = await get('/api/business/payment-reports?status=closed', s.shop.token);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().key).toBe('report_status_invalid');
    const otherShop = await approvedBusiness(ctx);
    expect((await get('/api/business/payment-reports?status=all', otherShop.token)).json()).toEqual({ reports: [] });
  });
});

describe('people at the shop', () => {
  const audited = async (businessId: string) => rowsOf<{
    member_id: string; role: string; subject: string | null; amount_paise: number | null; details: Record<string, string>;
  }>(await ctx.database.db.execute(sql`
    select member_id, role, subject, amount_paise::int as amount_paise, details from shop_audit
    where business_id = ${businessId} and action = 'report_declined' order by created_at, id`));

  it("records a manager's decline in the audit log: who, whose payment, its amount and the reason", async () => {
    const s = await paid();
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager' });
    const reportId = await reported(s);
    expect((await get('/api/business/payment-reports', manager.token)).json().reports.map((r: { id: string }) => r.id)).toEqual([reportId]);
    expect((await decline(s, reportId, { reason: 'Bought in person' }, manager.token)).statusCode).toBe(200);
    expect(await audited(s.shop.businessId)).toEqual([{
      member_id: manager.memberId, role: 'manager', subject: 'Asha Verma', amount_paise: 1000_00, details: { reason: 'Bought in person' },
    }]);
  });

  it('refuses a cashier the reports, recording nothing', async () => {
    const s = await paid();
    const cashier = await inviteStaff(ctx, s.shop.token, { role: 'cashier' });
    const reportId = await reported(s);
    for (const response of [await get('/api/business/payment-reports', cashier.token), await decline(s, reportId, undefined, cashier.token)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().key).toBe('role_forbidden');
    }
    expect(await list(s)).toMatchObject([{ id: reportId, status: 'open' }]);
    expect(await audited(s.shop.businessId)).toEqual([]);
  });
});

describe('freezing with a "not me" report', () => {
  async function resetPin(phoneNumber: string, newPin: string) {
    ctx.clock.advance(31);
    const sent = await post('/api/otp/send', null, { phoneNumber, purpose: 'pin_reset' });
    const verified = await post('/api/otp/verify', null, { phoneNumber, purpose: 'pin_reset', otp: sent.json().developmentOtp });
    return post('/api/auth/reset-pin', null, { phoneNumber, role: 'customer', newPin, confirmPin: newPin },
      { otp_proof: cookieFrom(verified, 'otp_proof')! });
  }
  const login = (phoneNumber: string, pin: string, deviceToken?: string) => ctx.app.inject({
    method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber, pin }, cookies: deviceToken ? { device: deviceToken } : {},
  });

  it('signs out every session, forgets every device, refuses sign-in and payment until the PIN reset, and tells the merchant', async () => {
    const s = await paid();
    const secondSession = (await login(s.customer.phoneNumber, s.customer.pin)).json().sessionToken as string;
    await ctx.app.services.events.start();
    const merchant = listen({ businessId: s.shop.businessId });
    try {
      const response = await report(s.paymentId, s.customer.token, { reason: 'not_me', freeze: true });
      expect(response.statusCode).toBe(201);
      expect(response.json().report).toMatchObject({ reason: 'not_me', froze: true, status: 'open' });
      await expect.poll(() => merchant.received.length).toBe(1);
      expect(merchant.received[0]).toMatchObject({ reason: 'not_me', froze: true, status: 'open' });
    } finally {
      merchant.close();
    }

    for (const token of [s.customer.token, secondSession]) {
      expect((await get('/api/auth/me', token)).statusCode).toBe(401);
    }
    const devices = rowsOf<{ devices: number }>(await ctx.database.db.execute(sql`
      select count(*)::int as devices from trusted_devices where user_id = ${s.customer.userId}`))[0]!;
    expect(devices.devices).toBe(0);

    // The right PIN is told the Khata is frozen; a wrong one learns nothing more than ever.
    const frozen = await login(s.customer.phoneNumber, s.customer.pin, s.customer.deviceToken);
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json()).toEqual(refused('account_frozen', 'Your Khata is frozen. Reset your PIN to unfreeze it.'));
    expect((await login(s.customer.phoneNumber, '9071')).json().code).toBe('invalid_credentials');

    // A session made some other way still cannot pay: the ledger refuses a frozen customer.
    const token = await ctx.app.services.sessions.start(ctx.database.db, s.customer.userId);
    const code = await s.generate();
    const payment = await s.pay(code.qrData, { amount: '1', token });
    expect(payment.statusCode).toBe(403);
    expect(payment.json()).toEqual(refused('account_frozen', 'Your Khata is frozen. Reset your PIN to unfreeze it.'));
    await ctx.app.services.sessions.revoke(hashToken(token));

    // The OTP PIN reset unfreezes: sign-in and payments work again.
    expect((await resetPin(s.customer.phoneNumber, '6283')).statusCode).toBe(200);
    const signedIn = await login(s.customer.phoneNumber, '6283');
    expect(signedIn.statusCode).toBe(200);
    const paidAgain = await s.pay(code.qrData, { amount: '1', token: signedIn.json().sessionToken, pin: '6283' });
    expect(paidAgain.statusCode).toBe(201);
    const user = rowsOf<{ frozen_at: string | null }>(await ctx.database.db.execute(sql`
      select frozen_at from users where id = ${s.customer.userId}`))[0]!;
    expect(user.frozen_at).toBeNull();
  });

  it('freezes nothing without the freeze box', async () => {
    const s = await paid();
    await reported(s, { reason: 'not_me' });
    expect((await get('/api/auth/me', s.customer.token)).statusCode).toBe(200);
    expect((await login(s.customer.phoneNumber, s.customer.pin)).statusCode).toBe(200);
  });
});
