/**
 * Refunds of payments and reversals of cash repayments through the API: every refusal with
 * its exact words, and every figure a refund or a reversal moves (owed, available credit,
 * the fee, the merchant's dashboard, dues). The ledger is reconciled after each test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, paise } from '@common/money';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import {
  approvedBusiness, bearer, createTestContext, inviteStaff, paymentSetup, registerBusiness, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;
const daySeconds = 24 * 60 * 60;

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });

const refund = (s: Setup, paymentId: string, body: object, options: { key?: string; token?: string } = {}) => post(
  `/api/business/transactions/${paymentId}/refund`, options.token ?? s.shop.token,
  { reason: 'Goods returned', pin: s.shop.pin, ...body }, options.key ? { 'idempotency-key': options.key } : {},
);
const reverse = (s: Setup, repaymentId: string, body: object = {}, token = s.shop.token) => post(
  `/api/business/transactions/${repaymentId}/reversal`, token, { reason: 'Recorded by mistake', pin: s.shop.pin, ...body },
);

/** A customer owing a payment of `amount` rupees (at `feePercent`), with its ledger id. */
async function paid(options: { amount?: string; feePercent?: string; limit?: string } = {}) {
  const s = await paymentSetup(ctx, { limit: options.limit ?? '5000', feePercent: options.feePercent ?? '2' });
  const paymentId = await payOnce(s, options.amount ?? '1000');
  return { ...s, paymentId };
}

async function payOnce(s: Setup, amount: string): Promise<string> {
  const response = await s.pay((await s.generate()).qrData, { amount });
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return response.json().transaction.id as string;
}

async function repaid(s: Setup, amount: string): Promise<string> {
  const response = await post(`/api/business/credit-accounts/${s.accountId}/repayment`, s.shop.token, { amount });
  if (response.statusCode !== 201) throw new Error(`repayment failed: ${response.body}`);
  return response.json().transaction.id as string;
}

const customerAccount = async (s: Setup) => (await get('/api/credit-accounts/customer', s.customer.token)).json().creditAccounts
  .find((a: { id: string }) => a.id === s.accountId);
const merchantAccount = async (s: Setup) => (await get('/api/credit-accounts/business', s.shop.token)).json().creditAccounts
  .find((a: { id: string }) => a.id === s.accountId);
const stats = async (s: Setup) => (await get('/api/business/stats', s.shop.token)).json().stats;

/** A fresh session of the merchant, after the clock moved past their session's life. */
async function signInAgain(s: Setup): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/auth/business/login', payload: { email: s.shop.email, pin: s.shop.pin },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  s.shop.token = response.json().sessionToken as string;
}

const refused = (key: string, error: string, params: object = {}, code = key) => ({ error, code, key, params });

describe('POST /api/business/transactions/:id/refund', () => {
  it('refunds part of a payment: owed falls by the goods and their fee share, available credit rises by as much', async () => {
    const s = await paid({ amount: '1000', feePercent: '2' });
    expect(await customerAccount(s)).toMatchObject({ owed: '1020.00', currentBalance: '3980.00' });
    const paymentCreatedAt = ctx.clock().toISOString();
    ctx.clock.advance(60);

    const response = await refund(s, s.paymentId, { amount: '250', reason: '  Two bags returned  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // The fee share: round(₹20 × 250 ÷ 1000) = ₹5.
    expect(body.transaction).toEqual({
      id: expect.any(String), type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', status: 'completed',
      createdAt: ctx.clock().toISOString(), businessId: s.shop.businessId,
      business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: s.shop.phoneNumber },
      customerName: 'Asha Verma', description: null, availableCredit: '4235.00', originalId: s.paymentId,
      reason: 'Two bags returned', refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, report: null,
      bySmsCode: false, by: { name: 'Ravi Kumar', role: 'owner' },
    });
    expect(body.payment).toMatchObject({
      id: s.paymentId, type: 'payment', amount: '1000.00', fee: '20.00', refunded: '250.00', refundedFee: '5.00',
      refundableUntil: new Date(Date.parse(paymentCreatedAt) + 180 * daySeconds * 1000).toISOString(),
    });
    expect(body.creditAccount).toMatchObject({ id: s.accountId, owed: '765.00', currentBalance: '4235.00', creditLimit: '5000.00' });
    expect(await customerAccount(s)).toMatchObject({ owed: '765.00', currentBalance: '4235.00' });

    // Both histories show the refund row above its payment.
    for (const url of ['/api/transactions/business', '/api/transactions/customer']) {
      const token = url.endsWith('business') ? s.shop.token : s.customer.token;
      const rows = (await get(url, token)).json().transactions as { id: string; type: string; refunded: string }[];
      expect(rows.map((row) => [row.type, row.refunded])).toEqual([['refund', '0.00'], ['payment', '250.00']]);
    }
  });

  it('returns exactly the fee over a payment refunded in parts: the last part takes the remainder', async () => {
    // ₹333 at 2.5 %: the fee is ₹8.325, rounded half up to ₹8.33.
    const s = await paid({ amount: '333', feePercent: '2.5' });
    const shares: string[] = [];
    for (let part = 0; part < 3; part++) {
      const response = await refund(s, s.paymentId, { amount: '111' });
      expect(response.statusCode).toBe(201);
      shares.push(response.json().transaction.fee);
    }
    // round(833 × 11100 ÷ 33300) = round(277.67) = 278 paise twice; the last takes 833 − 556 = 277.
    expect(shares).toEqual(['2.78', '2.78', '2.77']);
    const sums = rowsOf<{ fees: number; amounts: number }>(await ctx.database.db.execute(sql`
      select sum(fee_paise)::int as fees, sum(amount_paise)::int as amounts from transactions
      where original_id = ${s.paymentId} and type = 'refund'`))[0]!;
    expect(sums).toEqual({ fees: 833, amounts: 33300 });
    expect(await customerAccount(s)).toMatchObject({ owed: '0.00', currentBalance: '5000.00' });
    const payment = (await get(`/api/transactions/${s.paymentId}`, s.shop.token)).json().transaction;
    expect(payment).toMatchObject({ refunded: '333.00', refundableUntil: null });

    expect((await refund(s, s.paymentId, { amount: '0.01' })).json())
      .toEqual(refused('refund_above_refundable', 'You can refund at most ₹0.00 of this payment', { refundable: '₹0.00' }));
  });

  it('refuses more than is left refundable, saying how much is', async () => {
    const s = await paid({ amount: '1000' });
    expect((await refund(s, s.paymentId, { amount: '400' })).statusCode).toBe(201);
    const response = await refund(s, s.paymentId, { amount: '600.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refused('refund_above_refundable', 'You can refund at most ₹600.00 of this payment', { refundable: '₹600.00' }));
    expect((await refund(s, s.paymentId, { amount: '600' })).statusCode).toBe(201);
  });

  it('refuses more than the customer owes now, naming the largest refund that fits', async () => {
    const s = await paid({ amount: '1000', feePercent: '2' });
    await repaid(s, '900');
    const response = await refund(s, s.paymentId, { amount: '1000' });
    expect(response.statusCode).toBe(422);
    // ₹117.65 + its ₹2.35 share = ₹120.00, all that is owed; a paisa more would not fit.
    expect(response.json()).toEqual(refused('refund_above_owed',
      'The customer owes ₹120.00 now, so at most ₹117.65 can be refunded in Khata. Return the rest to them outside Khata.',
      { owed: '₹120.00', refundable: '₹117.65' }));
    expect((await refund(s, s.paymentId, { amount: '117.66' })).json().code).toBe('refund_above_owed');
    const fits = await refund(s, s.paymentId, { amount: '117.65' });
    expect(fits.statusCode).toBe(201);
    expect(fits.json().creditAccount).toMatchObject({ owed: '0.00', currentBalance: '5000.00' });
    expect((await refund(s, s.paymentId, { amount: '1' })).json()).toEqual(refused('refund_above_owed',
      'The customer owes ₹0.00 now, so at most ₹0.00 can be refunded in Khata. Return the rest to them outside Khata.',
      { owed: '₹0.00', refundable: '₹0.00' }));
  });

  it('refunds up to 180 days after the payment and refuses after', async () => {
    const s = await paid({ amount: '1000' });
    ctx.clock.advance(180 * daySeconds);
    await signInAgain(s);
    expect((await refund(s, s.paymentId, { amount: '10' })).statusCode).toBe(201);
    ctx.clock.advance(1);
    const response = await refund(s, s.paymentId, { amount: '10' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refused('refund_too_old',
      'A payment can be refunded for 180 days. Return the money outside Khata.', { days: 180 }));
    expect((await get(`/api/transactions/${s.paymentId}`, s.shop.token)).json().transaction.refundableUntil).toBeNull();
  });

  it('refuses a wrong PIN with the attempts left, then locks, refunding nothing', async () => {
    const s = await paid({ amount: '1000' });
    for (let left = 4; left >= 1; left--) {
      const response = await refund(s, s.paymentId, { amount: '10', pin: '0000' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        ...refused('pin_incorrect', `Incorrect PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, { attemptsLeft: left }),
        attemptsLeft: left,
      });
    }
    expect((await refund(s, s.paymentId, { amount: '10', pin: '0000' })).statusCode).toBe(403);
    const locked = await refund(s, s.paymentId, { amount: '10' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      ...refused('account_locked', 'Too many wrong PINs. Try again in 15 minutes.', { retryAfterMinutes: 15 }), retryAfterMinutes: 15,
    });
    expect(await customerAccount(s)).toMatchObject({ owed: '1020.00' });
    ctx.clock.advance(15 * 60);
    expect((await refund(s, s.paymentId, { amount: '10' })).statusCode).toBe(201);
  });

  it("answers another merchant's payment, an unknown id and a malformed one as not found", async () => {
    const s = await paid({ amount: '1000' });
    const other = await approvedBusiness(ctx);
    const notFound = refused('transaction_not_found', 'Transaction not found', {}, 'not_found');
    for (const [id, token] of [[s.paymentId, other.token], ['0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff', s.shop.token], ['not-an-id', s.shop.token]] as const) {
      const response = await refund(s, id, { amount: '10', pin: token === other.token ? other.pin : s.shop.pin }, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await customerAccount(s)).toMatchObject({ owed: '1020.00' });
  });

  it('refuses a missing, blank or too long reason and an amount that is not one', async () => {
    const s = await paid({ amount: '1000' });
    const reasonRequired = refused('reason_required', 'Give a reason of up to 200 characters', {}, 'invalid_input');
    for (const reason of [undefined, '', '   ', 'x'.repeat(201)]) {
      const response = await post(`/api/business/transactions/${s.paymentId}/refund`, s.shop.token, { amount: '10', pin: s.shop.pin, reason });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(reasonRequired);
    }
    for (const amount of ['0', '-1', '1.001', 'ten']) {
      const response = await refund(s, s.paymentId, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused('refund_amount_format',
        'Refund must be an amount greater than 0 with at most 2 decimals', {}, 'invalid_input'));
    }
  });

  it('refuses a row that is not a payment', async () => {
    const s = await paid({ amount: '1000' });
    const repaymentId = await repaid(s, '100');
    const refundId = (await refund(s, s.paymentId, { amount: '10' })).json().transaction.id as string;
    for (const id of [repaymentId, refundId]) {
      const response = await refund(s, id, { amount: '1' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(refused('not_a_payment', 'Only a payment can be refunded'));
    }
  });

  it('refuses a merchant whose business is not approved', async () => {
    const pending = await registerBusiness(ctx);
    const response = await post('/api/business/transactions/0190f1e2-aaaa-7bbb-8ccc-ddddeeeeffff/refund', pending.token,
      { amount: '1', reason: 'Returned', pin: pending.pin });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_approved');
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key for another refund', async () => {
    const s = await paid({ amount: '1000' });
    const first = await refund(s, s.paymentId, { amount: '100' }, { key: 'refund-key-0001' });
    expect(first.statusCode).toBe(201);
    const again = await refund(s, s.paymentId, { amount: '100' }, { key: 'refund-key-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json().transaction).toEqual(first.json().transaction);
    expect(again.json().creditAccount).toMatchObject({ owed: '918.00' });
    const rows = rowsOf<{ refunds: number }>(await ctx.database.db.execute(sql`
      select count(*)::int as refunds from transactions where original_id = ${s.paymentId}`))[0]!;
    expect(rows.refunds).toBe(1);

    const conflict = await refund(s, s.paymentId, { amount: '101' }, { key: 'refund-key-0001' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual(refused('idempotency_conflict', 'This Idempotency-Key was already used for a different payment'));
    const malformed = await refund(s, s.paymentId, { amount: '1' }, { key: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().key).toBe('idempotency_key_invalid');
  });

  it("refuses a key a person used at one shop when they replay it at another they work at", async () => {
    const s = await paid({ amount: '1000' });
    const atFirst = await inviteStaff(ctx, s.shop.token, { role: 'manager' });
    const other = await approvedBusiness(ctx);
    const atOther = await inviteStaff(ctx, other.token, { role: 'manager', phoneNumber: atFirst.phoneNumber });
    const body = { amount: '10', pin: atFirst.pin };
    expect((await refund(s, s.paymentId, body, { key: 'refund-key-0002', token: atFirst.token })).statusCode).toBe(201);
    const elsewhere = await refund(s, s.paymentId, body, { key: 'refund-key-0002', token: atOther.token });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual(refused('idempotency_conflict', 'This Idempotency-Key was already used for a different payment'));
    // At the shop it was used at, the key still answers the refund it made.
    const again = await refund(s, s.paymentId, body, { key: 'refund-key-0002', token: atFirst.token });
    expect(again.statusCode).toBe(201);
  });

  it("nets the merchant's revenue and credit issued, counts refunds apart and keeps the payment count", async () => {
    const s = await paid({ amount: '1000', feePercent: '2' });
    await payOnce(s, '500');
    expect(await stats(s)).toMatchObject({ totalRevenue: '1500.00', creditIssued: '1530.00', transactions: 2, refunds: 0, customers: 1 });
    await refund(s, s.paymentId, { amount: '250' });
    await refund(s, s.paymentId, { amount: '50' });
    expect(await stats(s)).toMatchObject({
      totalRevenue: '1200.00', creditIssued: '1224.00', transactions: 2, refunds: 2, customers: 1,
      trend: { revenue: { current: '1200.00' }, transactions: { current: 2 } },
    });
  });

  it('moves the next due date like a repayment: the oldest payment is cleared first', async () => {
    const s = await paid({ amount: '100', feePercent: '0' }); // due 2026-12-22 (30 days)
    ctx.clock.advance(5 * daySeconds);
    await payOnce(s, '200');
    const firstDue = (await merchantAccount(s)).nextDueOn as string;
    const response = await refund(s, s.paymentId, { amount: '100' });
    expect(response.statusCode).toBe(201);
    const after = response.json().creditAccount;
    expect(after.owed).toBe('200.00');
    expect(after.nextDueOn > firstDue).toBe(true);
    expect(await customerAccount(s)).toMatchObject({ owed: '200.00', nextDueOn: after.nextDueOn, nextDueAmount: '200.00' });
  });
});

describe('POST /api/business/transactions/:id/reversal', () => {
  it('puts a cash repayment back on what is owed, even above the credit limit', async () => {
    const s = await paid({ amount: '1000', feePercent: '0', limit: '1000' });
    const repaymentId = await repaid(s, '600');
    await payOnce(s, '600');
    expect(await customerAccount(s)).toMatchObject({ owed: '1000.00', currentBalance: '0.00' });
    ctx.clock.advance(60);

    const response = await reverse(s, repaymentId, { reason: ' Entered twice ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.transaction).toEqual({
      id: expect.any(String), type: 'reversal', amount: '600.00', fee: '0.00', totalAmount: '600.00', status: 'completed',
      createdAt: ctx.clock().toISOString(), businessId: s.shop.businessId,
      business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: s.shop.phoneNumber },
      customerName: 'Asha Verma', description: null, availableCredit: '0.00', originalId: repaymentId, reason: 'Entered twice',
      refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, report: null,
      bySmsCode: false, by: { name: 'Ravi Kumar', role: 'owner' },
    });
    expect(body.repayment).toMatchObject({ id: repaymentId, type: 'repayment', amount: '600.00', reversed: true, reversibleUntil: null });
    expect(body.creditAccount).toMatchObject({ owed: '1600.00', currentBalance: '0.00', creditLimit: '1000.00' });
    expect(await stats(s)).toMatchObject({ creditIssued: '1600.00', totalRevenue: '1600.00', transactions: 2, refunds: 0 });
    // Nothing more can be spent until the debt is below the limit again.
    const code = await s.generate();
    expect((await s.pay(code.qrData, { amount: '1' })).json().code).toBe('insufficient_credit');
  });

  it('makes the payments the repayment had cleared due again', async () => {
    const s = await paid({ amount: '100', feePercent: '0' });
    const firstDue = (await merchantAccount(s)).nextDueOn as string;
    ctx.clock.advance(5 * daySeconds);
    await payOnce(s, '200');
    const repaymentId = await repaid(s, '100');
    expect((await merchantAccount(s)).nextDueOn > firstDue).toBe(true);
    const response = await reverse(s, repaymentId);
    expect(response.json().creditAccount).toMatchObject({ owed: '300.00', nextDueOn: firstDue });
  });

  it('reverses for 7 days after the repayment and refuses after', async () => {
    const s = await paid({ amount: '1000', feePercent: '0' });
    const late = await repaid(s, '10');
    const inTime = await repaid(s, '20');
    ctx.clock.advance(7 * daySeconds);
    await signInAgain(s);
    expect((await get(`/api/transactions/${late}`, s.shop.token)).json().transaction.reversibleUntil).not.toBeNull();
    expect((await reverse(s, inTime)).statusCode).toBe(201);
    ctx.clock.advance(1);
    const response = await reverse(s, late);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refused('reversal_too_old', 'A repayment can be reversed for 7 days after it was recorded', { days: 7 }));
    expect((await get(`/api/transactions/${late}`, s.shop.token)).json().transaction.reversibleUntil).toBeNull();
  });

  it('refuses to reverse a repayment twice', async () => {
    const s = await paid({ amount: '1000' });
    const repaymentId = await repaid(s, '100');
    expect((await reverse(s, repaymentId)).statusCode).toBe(201);
    const response = await reverse(s, repaymentId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refused('repayment_already_reversed', 'This repayment has already been reversed'));
    expect(await customerAccount(s)).toMatchObject({ owed: '1020.00' });
  });

  it("refuses a confirmed UPI claim's repayment", async () => {
    const s = await paid({ amount: '1000' });
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
    const claim = await post(`/api/credit-accounts/${s.accountId}/repayment-claims`, s.customer.token, { amount: '100' });
    const confirmed = await post(`/api/business/repayment-claims/${claim.json().claim.id}/confirm`, s.shop.token, {});
    expect(confirmed.statusCode).toBe(201);
    const repaymentId = confirmed.json().transaction.id as string;
    expect(confirmed.json().transaction.reversibleUntil).toBeNull();
    const response = await reverse(s, repaymentId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(refused('claim_repayment_not_reversible', 'A repayment from a confirmed UPI claim cannot be reversed'));
  });

  it('refuses a row that is not a repayment, another merchant\'s, a wrong PIN and a missing reason', async () => {
    const s = await paid({ amount: '1000' });
    const repaymentId = await repaid(s, '100');
    const notCash = await reverse(s, s.paymentId);
    expect(notCash.statusCode).toBe(422);
    expect(notCash.json()).toEqual(refused('not_a_cash_repayment', 'Only a cash repayment can be reversed'));

    const other = await approvedBusiness(ctx);
    const foreign = await reverse(s, repaymentId, { pin: other.pin }, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(refused('transaction_not_found', 'Transaction not found', {}, 'not_found'));

    const wrongPin = await reverse(s, repaymentId, { pin: '0000' });
    expect(wrongPin.statusCode).toBe(403);
    expect(wrongPin.json()).toEqual({ ...refused('pin_incorrect', 'Incorrect PIN. 4 attempts left.', { attemptsLeft: 4 }), attemptsLeft: 4 });

    const noReason = await post(`/api/business/transactions/${repaymentId}/reversal`, s.shop.token, { pin: s.shop.pin });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual(refused('reason_required', 'Give a reason of up to 200 characters', {}, 'invalid_input'));
    expect(await customerAccount(s)).toMatchObject({ owed: '920.00' });
  });
});

describe('people at the shop', () => {
  /** Who wrote a ledger row, as the row records it. */
  const actorOf = async (id: string) => rowsOf<{ actor_member_id: string | null; actor_role: string | null }>(
    await ctx.database.db.execute(sql`select actor_member_id, actor_role from transactions where id = ${id}`),
  )[0]!;
  const refundCount = async (paymentId: string) => rowsOf<{ n: number }>(await ctx.database.db.execute(
    sql`select count(*)::int as n from transactions where original_id = ${paymentId} and type = 'refund'`,
  ))[0]!.n;

  it("refunds and reverses as a manager, with the manager's own PIN, and each row names them", async () => {
    const s = await paid({ amount: '1000', feePercent: '0' });
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager', name: 'Meena Iyer', singleLimit: '500', dailyLimit: '2000' });
    const byManager = { name: 'Meena Iyer', role: 'manager' };

    // The owner's PIN is not the manager's.
    const ownerPin = await refund(s, s.paymentId, { amount: '100', pin: s.shop.pin }, { token: manager.token });
    expect(ownerPin.statusCode).toBe(403);
    expect(ownerPin.json().key).toBe('pin_incorrect');

    const refunded = await refund(s, s.paymentId, { amount: '100', pin: manager.pin }, { token: manager.token });
    expect(refunded.statusCode).toBe(201);
    expect(refunded.json().transaction.by).toEqual(byManager);
    expect(await actorOf(refunded.json().transaction.id)).toEqual({ actor_member_id: manager.memberId, actor_role: 'manager' });

    const repaymentId = await repaid(s, '50');
    const reversed = await reverse(s, repaymentId, { pin: manager.pin }, manager.token);
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().transaction.by).toEqual(byManager);
    expect(await actorOf(reversed.json().transaction.id)).toEqual({ actor_member_id: manager.memberId, actor_role: 'manager' });

    // The owner's History names the manager; the customer's receipt names the shop alone.
    const merchantRow = (await get(`/api/transactions/${refunded.json().transaction.id}`, s.shop.token)).json().transaction;
    expect(merchantRow.by).toEqual(byManager);
    const customerRow = (await get(`/api/transactions/${refunded.json().transaction.id}`, s.customer.token)).json().transaction;
    expect(customerRow.by).toBeNull();
  });

  it("counts a manager's wrong PINs on the manager's account: the owner is never locked by them", async () => {
    const s = await paid({ amount: '1000', feePercent: '0' });
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager', singleLimit: '500', dailyLimit: '2000' });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await refund(s, s.paymentId, { amount: '10', pin: '0000' }, { token: manager.token })).statusCode).toBe(403);
    }
    expect((await refund(s, s.paymentId, { amount: '10', pin: manager.pin }, { token: manager.token })).json().key).toBe('account_locked');
    const byOwner = await refund(s, s.paymentId, { amount: '10' });
    expect(byOwner.statusCode).toBe(201);
    expect(byOwner.json().transaction.by).toEqual({ name: 'Ravi Kumar', role: 'owner' });
  });

  it("refuses a manager's refund above their limit for one entry and above their day's total, changing nothing", async () => {
    const s = await paid({ amount: '1000', feePercent: '2' });
    const manager = await inviteStaff(ctx, s.shop.token, { role: 'manager', singleLimit: '300', dailyLimit: '500' });
    const asManager = (amount: string) => refund(s, s.paymentId, { amount, pin: manager.pin }, { token: manager.token });

    const single = await asManager('300.01');
    expect(single.statusCode).toBe(403);
    expect(single.json()).toMatchObject({ key: 'staff_single_limit', params: { limit: formatRupees(paise(300_00)) } });

    // The goods refunded count (₹300; the ₹6 fee share is the platform's), so ₹200 is left of the day's ₹500.
    expect((await asManager('300')).statusCode).toBe(201);
    const before = await customerAccount(s);
    const over = await asManager('200.01');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      key: 'staff_daily_limit', params: { limit: formatRupees(paise(500_00)), left: formatRupees(paise(200_00)) },
    });
    expect(await customerAccount(s)).toEqual(before);
    expect(await refundCount(s.paymentId)).toBe(1);
    expect(await stats(s)).toMatchObject({ refunds: 1 });

    // Exactly the day's limit passes; the owner has none.
    expect((await asManager('200')).statusCode).toBe(201);
    expect((await asManager('0.01')).json().key).toBe('staff_daily_limit');
    expect((await refund(s, s.paymentId, { amount: '400' })).statusCode).toBe(201);
    expect(await refundCount(s.paymentId)).toBe(3);

    // The next India day starts a new total.
    const istOffsetMs = 330 * 60 * 1000;
    const dayMs = daySeconds * 1000;
    ctx.clock.set(new Date((Math.floor((ctx.clock().getTime() + istOffsetMs) / dayMs) + 1) * dayMs - istOffsetMs));
    expect((await asManager('0.01')).statusCode).toBe(201);
  });

  it("refuses a cashier's refund and reversal: their role does not refund", async () => {
    const s = await paid({ amount: '1000', feePercent: '0' });
    const cashier = await inviteStaff(ctx, s.shop.token, { role: 'cashier' });
    const repaymentId = await repaid(s, '100');
    for (const response of [
      await refund(s, s.paymentId, { amount: '10', pin: cashier.pin }, { token: cashier.token }),
      await reverse(s, repaymentId, { pin: cashier.pin }, cashier.token),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused('role_forbidden', 'Your role at this shop does not allow this. Ask an owner.'));
    }
    expect(await customerAccount(s)).toMatchObject({ owed: '900.00' });
    expect(await refundCount(s.paymentId)).toBe(0);
  });
});

describe('live updates', () => {
  it('tells the customer of a refund with its payment', async () => {
    const s = await paid({ amount: '1000' });
    const received: { type: string; originalId?: string | null; amount: string }[] = [];
    const stream = ctx.app.services.events.follow({ customerId: s.customer.userId }, null, {
      send: (event) => { received.push(event); }, sendStatus: () => {}, sendClaim: () => {}, sendReport: () => {},
      onError: (error) => { throw error; },
    });
    try {
      await ctx.app.services.events.start();
      const response = await refund(s, s.paymentId, { amount: '100' });
      // The payment just before may come too (a stream replays a short margin before it opened).
      const refunds = () => received.filter((event) => event.type === 'refund');
      await expect.poll(() => refunds().length).toBe(1);
      expect(refunds()[0]).toMatchObject({ id: response.json().transaction.id, type: 'refund', originalId: s.paymentId, amount: '100.00' });
    } finally {
      stream.close();
    }
  });
});
