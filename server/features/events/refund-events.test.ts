/**
 * Refunds, reversals and payment reports on the live events stream, through real streams on
 * listening apps: a refund's or a reversal's `event: ledger` names the row it gives back
 * (originalId) to both sides; `event: report` goes to the merchant when a payment is
 * reported and to both sides when the report is answered, also across two server
 * processes, and never to a shop's counter.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEvent, reportEvent, type ReportEventData } from '@common/schemas/events';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, enterCounter, paymentSetup, type TestContext } from '../../test/context';
import { openEventStream, sleep, until } from '../../test/event-stream';

let ctx: TestContext;
let other: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { eventStreamSeconds: 60 } });
  // A second app on the same database stands for a second server process.
  other = await createTestContext({ database: ctx.database, config: { eventStreamSeconds: 60 } });
});
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** Opens a session's event stream on a listening app and collects its `report` and `ledger` messages. */
async function openStream(app: TestContext['app'], token: string) {
  const { messages, close } = await openEventStream(app, token, ['report', 'ledger']);
  return {
    messages,
    // As sent, every field, once it has passed the schema the web parses it with.
    reports: () => messages.filter((m) => m.event === 'report').map((m) => {
      reportEvent.parse(m.data);
      return m.data as unknown as ReportEventData;
    }),
    ledger: () => messages.filter((m) => m.event === 'ledger').map((m) => {
      ledgerEvent.parse(m.data);
      return m.data as { transactionId: string; type: string; originalId?: string | null };
    }),
    close,
  };
}

/** A customer who paid ₹500 at a shop with no fee; the payment's id. */
async function paidSetup() {
  const s = await paymentSetup(ctx, { limit: '5000', feePercent: '0' });
  const paid = await s.pay((await s.generate()).qrData, { amount: '500' });
  expect(paid.statusCode, paid.body).toBe(201);
  return { ...s, paymentId: paid.json().transaction.id as string };
}

type Paid = Awaited<ReturnType<typeof paidSetup>>;

const refund = (s: Paid, payload: object) => ctx.app.inject({
  method: 'POST', url: `/api/business/transactions/${s.paymentId}/refund`, headers: bearer(s.shop.token),
  payload: { reason: 'Goods returned', pin: s.shop.pin, ...payload },
});
const report = (s: Paid, payload: object) => ctx.app.inject({
  method: 'POST', url: `/api/transactions/${s.paymentId}/report`, headers: bearer(s.customer.token), payload,
});

describe('event: ledger for refunds and reversals', () => {
  it("names the refunded payment in the refund's event, to the merchant and the customer", async () => {
    const s = await paidSetup();
    const merchant = await openStream(ctx.app, s.shop.token);
    const customer = await openStream(other.app, s.customer.token);
    const refunded = await refund(s, { amount: '120' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refundId = refunded.json().transaction.id as string;
    for (const stream of [merchant, customer]) {
      await until(() => stream.ledger().some((l) => l.transactionId === refundId));
      expect(stream.ledger().find((l) => l.transactionId === refundId)).toEqual({
        transactionId: refundId, type: 'refund', amount: '120.00', fee: '0.00', totalAmount: '120.00',
        customerName: 'Asha Verma', businessName: 'Kumar Kirana', createdAt: refunded.json().transaction.createdAt,
        originalId: s.paymentId,
      });
    }
    // A payment's own event names nothing.
    expect(merchant.ledger().find((l) => l.transactionId === s.paymentId)?.originalId).toBeUndefined();
    merchant.close();
    customer.close();
  });

  it("names the reversed repayment in the reversal's event", async () => {
    const s = await paidSetup();
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${s.accountId}/repayment`, headers: bearer(s.shop.token), payload: { amount: '100' },
    });
    const repaymentId = repaid.json().transaction.id as string;
    const customer = await openStream(ctx.app, s.customer.token);
    const reversed = await ctx.app.inject({
      method: 'POST', url: `/api/business/transactions/${repaymentId}/reversal`, headers: bearer(s.shop.token),
      payload: { reason: 'Counted twice', pin: s.shop.pin },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const reversalId = reversed.json().transaction.id as string;
    await until(() => customer.ledger().some((l) => l.transactionId === reversalId));
    expect(customer.ledger().find((l) => l.transactionId === reversalId))
      .toMatchObject({ type: 'reversal', amount: '100.00', originalId: repaymentId });
    customer.close();
  });
});

describe('event: report', () => {
  it("tells the merchant's screens of a new report, on both server processes, and not the customer's or the counter's", async () => {
    const s = await paidSetup();
    const here = await openStream(ctx.app, s.shop.token);
    const elsewhere = await openStream(other.app, s.shop.token);
    const customer = await openStream(ctx.app, s.customer.token);
    const counter = await openStream(ctx.app, await enterCounter(ctx, s.shop));
    const reported = await report(s, { reason: 'wrong_amount', note: 'I bought for 50' });
    expect(reported.statusCode, reported.body).toBe(201);
    const expected: ReportEventData = {
      reportId: reported.json().report.id, transactionId: s.paymentId, businessId: s.shop.businessId, status: 'open',
      reason: 'wrong_amount', froze: false, amount: '500.00', customerName: 'Asha Verma', businessName: 'Kumar Kirana',
    };
    await until(() => here.reports().length > 0 && elsewhere.reports().length > 0);
    expect(here.reports()).toEqual([expected]);
    expect(elsewhere.reports()).toEqual([expected]);
    // A report has no id: a reconnect's Last-Event-ID stays the ledger's.
    expect(here.messages.find((m) => m.event === 'report')!.id).toBeUndefined();
    await sleep(300);
    expect(customer.reports()).toEqual([]);
    expect(counter.reports()).toEqual([]);
    for (const stream of [here, elsewhere, customer, counter]) stream.close();
  });

  it('tells both sides when the merchant answers a report with a refund, with the refund row', async () => {
    const s = await paidSetup();
    // The streams open before the report, so its 'open' notice cannot arrive late in one.
    const merchant = await openStream(ctx.app, s.shop.token);
    const customer = await openStream(other.app, s.customer.token);
    const reportId = (await report(s, { reason: 'goods_returned' })).json().report.id as string;
    await until(() => merchant.reports().length > 0);
    const refunded = await refund(s, { amount: '500', reportId });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const answered = expect.objectContaining({ reportId, status: 'refunded', reason: 'goods_returned' });
    await until(() => merchant.reports().length > 1 && merchant.ledger().some((l) => l.type === 'refund'));
    expect(merchant.reports()).toEqual([expect.objectContaining({ reportId, status: 'open' }), answered]);
    await until(() => customer.reports().length > 0 && customer.ledger().some((l) => l.type === 'refund'));
    expect(customer.reports()).toEqual([answered]);
    merchant.close();
    customer.close();
  });

  it('tells both sides of a decline', async () => {
    const s = await paidSetup();
    const merchant = await openStream(other.app, s.shop.token);
    const customer = await openStream(ctx.app, s.customer.token);
    const reportId = (await report(s, { reason: 'other', note: 'Not sure' })).json().report.id as string;
    await until(() => merchant.reports().length > 0);
    const declined = await ctx.app.inject({
      method: 'POST', url: `/api/business/payment-reports/${reportId}/decline`, headers: bearer(s.shop.token),
      payload: { reason: 'The bill is right' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const answered = expect.objectContaining({ reportId, status: 'declined', reason: 'other', amount: '500.00' });
    await until(() => merchant.reports().length > 1);
    expect(merchant.reports()).toEqual([expect.objectContaining({ reportId, status: 'open' }), answered]);
    await until(() => customer.reports().length > 0);
    expect(customer.reports()).toEqual([answered]);
    merchant.close();
    customer.close();
  });
});
