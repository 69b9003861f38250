/**
 * The ledger's rows as both histories and the receipt show them, with refunds, reversals
 * and reports (docs/product.md#refunds-and-reports): what a payment has had refunded and
 * until when the rest can be, until when a cash repayment can be reversed, the refund and
 * reversal rows themselves, and a payment's report; each page one query, by index.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { uuidv7 } from '../../ids';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';
import * as repository from './transactions.repository';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;
const daySeconds = 24 * 60 * 60;
const plusDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * daySeconds * 1000).toISOString();

/** A shop charging a 2 % fee and a customer with a ₹5,000 limit there. */
const setup = () => paymentSetup(ctx, { limit: '5000', feePercent: '2' });

/** Each write a second after the one before, so a history's order is the order they were made in. */
async function pay(s: Setup, amount: string): Promise<string> {
  ctx.clock.advance(1);
  const paid = await s.pay((await s.generate()).qrData, { amount });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().transaction.id as string;
}

async function repay(s: Setup, amount: string): Promise<string> {
  ctx.clock.advance(1);
  const repaid = await ctx.app.inject({
    method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount },
  });
  if (repaid.statusCode !== 201) throw new Error(`repayment failed: ${repaid.body}`);
  return repaid.json().transaction.id as string;
}

async function refund(s: Setup, paymentId: string, amount: string, reason = 'Goods returned'): Promise<string> {
  ctx.clock.advance(1);
  const refunded = await ctx.app.inject({
    method: 'POST', url: `/api/business/transactions/${paymentId}/refund`, headers: bearer(s.shop.token),
    payload: { amount, reason, pin: s.shop.pin },
  });
  if (refunded.statusCode !== 201) throw new Error(`refund failed: ${refunded.body}`);
  return refunded.json().transaction.id as string;
}

async function reverse(s: Setup, repaymentId: string, reason = 'Recorded twice'): Promise<string> {
  ctx.clock.advance(1);
  const reversed = await ctx.app.inject({
    method: 'POST', url: `/api/business/transactions/${repaymentId}/reversal`, headers: bearer(s.shop.token),
    payload: { reason, pin: s.shop.pin },
  });
  if (reversed.statusCode !== 201) throw new Error(`reversal failed: ${reversed.body}`);
  return reversed.json().transaction.id as string;
}

/** Signs both sides in again: moving the clock days on ends the sessions made before. */
async function signInAgain(s: Setup) {
  const customer = await ctx.app.inject({
    method: 'POST', url: '/api/auth/customer/login', payload: { phoneNumber: s.customer.phoneNumber, pin: s.customer.pin },
  });
  const shop = await ctx.app.inject({ method: 'POST', url: '/api/auth/business/login', payload: { email: s.shop.email, pin: s.shop.pin } });
  s.customer.token = customer.json().sessionToken as string;
  s.shop.token = shop.json().sessionToken as string;
}

type View = Record<string, unknown> & { id: string };
/** The shop's founding owner, who writes every row these tests' shop writes. */
const byOwner = { name: 'Ravi Kumar', role: 'owner' };
/** The row as the customer's side shows it: the shop's own, naming no person. */
const asCustomerSees = (row: View): View => ({ ...row, by: null });
/** Both histories: the same rows, the shop's naming who wrote each; returns the shop's. */
const histories = async (s: Setup) => {
  const customer = await ctx.app.inject({ method: 'GET', url: '/api/transactions/customer', headers: bearer(s.customer.token) });
  const business = await ctx.app.inject({ method: 'GET', url: '/api/transactions/business', headers: bearer(s.shop.token) });
  expect(customer.statusCode).toBe(200);
  expect(business.statusCode).toBe(200);
  const businessRows = business.json().transactions as View[];
  expect(customer.json().transactions).toEqual(businessRows.map(asCustomerSees));
  return businessRows;
};
const receipt = async (token: string, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: bearer(token) });

describe("the shop's address and phone", () => {
  it('name the shop on every kind of row, in both histories, each receipt and the answers that wrote them', async () => {
    const s = await setup();
    const shop = { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: s.shop.phoneNumber };
    const paymentId = await pay(s, '1000');
    ctx.clock.advance(1);
    const refunded = await ctx.app.inject({
      method: 'POST', url: `/api/business/transactions/${paymentId}/refund`, headers: bearer(s.shop.token),
      payload: { amount: '100', reason: 'Goods returned', pin: s.shop.pin },
    });
    expect(refunded.json().transaction.business).toEqual(shop);
    expect(refunded.json().payment.business).toEqual(shop);
    ctx.clock.advance(1);
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount: '50' },
    });
    expect(repaid.json().transaction.business).toEqual(shop);
    const rows = await histories(s);
    expect(rows.map((row) => [row.type, row.business])).toEqual([['repayment', shop], ['refund', shop], ['payment', shop]]);
    for (const row of rows) {
      for (const token of [s.customer.token, s.shop.token]) expect((await receipt(token, row.id)).json().transaction.business).toEqual(shop);
    }
  });
});

describe('a payment and its refunds in the histories', () => {
  it('shows a new payment with nothing refunded, refundable for 180 days, and no report', async () => {
    const s = await setup();
    const paymentId = await pay(s, '1000');
    const [row] = await histories(s);
    expect(row).toMatchObject({
      id: paymentId, type: 'payment', amount: '1000.00', fee: '20.00', totalAmount: '1020.00',
      originalId: null, reason: null, refunded: '0.00', refundedFee: '0.00',
      refundableUntil: plusDays(ctx.clock().toISOString(), 180), reversibleUntil: null, reversed: false, report: null,
      // Paid by the customer with their PIN: no one at the shop wrote it.
      by: null,
    });
  });

  it('shows a part refund as its own row in both histories and as refunded on the payment', async () => {
    const s = await setup();
    const paymentId = await pay(s, '1000');
    const paidAt = ctx.clock().toISOString();
    ctx.clock.advance(60);
    const refundId = await refund(s, paymentId, '250', 'Two packets returned');
    const [refundRow, paymentRow] = await histories(s);
    expect(refundRow).toMatchObject({
      id: refundId, type: 'refund', amount: '250.00', fee: '5.00', totalAmount: '255.00', originalId: paymentId,
      reason: 'Two packets returned', description: null, refunded: '0.00', refundableUntil: null, reversibleUntil: null,
      reversed: false, report: null, availableCredit: '4235.00', by: byOwner,
    });
    expect(paymentRow).toMatchObject({
      id: paymentId, refunded: '250.00', refundedFee: '5.00', refundableUntil: plusDays(paidAt, 180), availableCredit: '3980.00',
    });
    // The receipt reads as the history, for the merchant and (naming no person) the customer.
    for (const [token, side] of [[s.shop.token, (row: View) => row], [s.customer.token, asCustomerSees]] as const) {
      const answer = await receipt(token, paymentId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().transaction).toEqual(side(paymentRow!));
      expect((await receipt(token, refundId)).json().transaction).toEqual(side(refundRow!));
    }
  });

  it('stops offering a refund once the payment is wholly refunded', async () => {
    const s = await setup();
    const paymentId = await pay(s, '1000');
    await refund(s, paymentId, '400');
    await refund(s, paymentId, '600');
    const rows = await histories(s);
    expect(rows.map((row) => row.type)).toEqual(['refund', 'refund', 'payment']);
    // The last refund takes the fee left, so the payment's whole fee comes back.
    expect(rows.map((row) => row.fee)).toEqual(['12.00', '8.00', '20.00']);
    expect(rows[2]).toMatchObject({ refunded: '1000.00', refundedFee: '20.00', refundableUntil: null });
  });

  it('stops offering a refund after 180 days, and shows it until the last instant', async () => {
    const s = await setup();
    const paymentId = await pay(s, '1000');
    const paidAt = ctx.clock().toISOString();
    ctx.clock.set(new Date(plusDays(paidAt, 180)));
    await signInAgain(s);
    expect((await receipt(s.shop.token, paymentId)).json().transaction.refundableUntil).toBe(plusDays(paidAt, 180));
    ctx.clock.advance(1);
    expect((await receipt(s.shop.token, paymentId)).json().transaction.refundableUntil).toBeNull();
  });

  it('shows the customer\'s report on the payment', async () => {
    const s = await setup();
    const paymentId = await pay(s, '300');
    const reportId = uuidv7(ctx.clock().getTime());
    // A fixture: the report feature's own row, written as it writes it.
    await ctx.database.db.execute(sql`
      insert into payment_reports (id, transaction_id, customer_id, business_id, credit_account_id, reason, note, created_at)
      values (${reportId}, ${paymentId}, ${s.customer.userId}, ${s.shop.businessId}, ${s.accountId}, 'wrong_amount',
              'I bought for 30', ${ctx.clock().toISOString()})`);
    const [row] = await histories(s);
    expect(row!.report).toEqual({
      id: reportId, reason: 'wrong_amount', status: 'open', note: 'I bought for 30', declineReason: null,
      createdAt: ctx.clock().toISOString(),
    });
  });
});

describe('a cash repayment and its reversal in the histories', () => {
  it('offers a reversal for 7 days, then shows the reversal row and the repayment reversed', async () => {
    const s = await setup();
    await pay(s, '1000');
    const repaymentId = await repay(s, '500');
    const repaidAt = ctx.clock().toISOString();
    expect((await histories(s))[0]).toMatchObject({
      id: repaymentId, type: 'repayment', reversibleUntil: plusDays(repaidAt, 7), reversed: false, refundableUntil: null,
    });
    ctx.clock.advance(3600);
    const reversalId = await reverse(s, repaymentId, 'Counted twice');
    const [reversalRow, repaymentRow] = await histories(s);
    expect(reversalRow).toMatchObject({
      id: reversalId, type: 'reversal', amount: '500.00', fee: '0.00', totalAmount: '500.00', originalId: repaymentId,
      reason: 'Counted twice', reversibleUntil: null, reversed: false, by: byOwner,
    });
    expect(repaymentRow).toMatchObject({ id: repaymentId, reversed: true, reversibleUntil: null, by: byOwner });
  });

  it('stops offering a reversal after 7 days', async () => {
    const s = await setup();
    await pay(s, '1000');
    const repaymentId = await repay(s, '100');
    ctx.clock.advance(7 * daySeconds + 1);
    await signInAgain(s);
    expect((await receipt(s.shop.token, repaymentId)).json().transaction).toMatchObject({ reversibleUntil: null, reversed: false });
  });

  it('never offers to reverse the repayment of a confirmed UPI claim', async () => {
    const s = await setup();
    await pay(s, '1000');
    await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
    const claimed = await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token),
      payload: { amount: '200' },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    ctx.clock.advance(1);
    const confirmed = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${claimed.json().claim.id}/confirm`, headers: bearer(s.shop.token), payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [row] = await histories(s);
    expect(row).toMatchObject({ type: 'repayment', amount: '200.00', reversibleUntil: null, reversed: false, by: byOwner });
  });
});

describe('the history query', () => {
  it('reads a page in one statement, its refunds, reversal, claim and report each through an index', async () => {
    const s = await setup();
    const paymentId = await pay(s, '1000');
    await refund(s, paymentId, '100');
    await repay(s, '50');
    const plan = async (query: SQLWrapper) =>
      rowsOf<Record<string, string>>(await ctx.database.db.execute(sql`explain ${query}`))
        .map((row) => Object.values(row)[0]).join('\n');
    const text = await plan(repository.page(ctx.database.db, { businessId: s.shop.businessId }, 21));
    expect(text).toMatch(/transactions_original_idx|transactions_reversal_unique/);
    expect(text).toMatch(/payment_reports_transaction_unique/);
    expect(text).toMatch(/repayment_claims_transaction_unique/);
    expect(text).not.toMatch(/Seq Scan on (transactions refund|transactions r|payment_reports|repayment_claims)\b/);
    console.log(`history page plan on ${ctx.database.kind}:\n${text}`);
  });
});
