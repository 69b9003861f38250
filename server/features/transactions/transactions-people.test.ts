/**
 * The shop's people in the ledger's views (docs/product.md#staff): every row a person at the
 * shop wrote names them and their role then on the shop's side (history, receipt, statement
 * and its file), never on the customer's; and a cashier, whose role reads today's payments
 * but not the whole history, sees the rows of the current India day alone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, inviteStaff, paymentSetup, type TestContext } from '../../test/context';
import { recordingSmsProvider } from '../../test/sms-recorder';

/** Every SMS handed to the vendor, so a charge's code can be read from it. */
const { handed, provider: recorder } = recordingSmsProvider();

let ctx: TestContext;
beforeAll(async () => {
  // Sessions outlive the day the clock moves on by.
  ctx = await createTestContext({
    sms: recorder, config: { sessionIdleTtlSeconds: 7 * 24 * 3600, sessionAbsoluteTtlSeconds: 7 * 24 * 3600 },
  });
});
afterEach(async () => {
  const report = await reconcile(ctx.database.db, indiaDay(ctx.clock()));
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

type Setup = Awaited<ReturnType<typeof paymentSetup>>;
type Row = { id: string; type: string; by: unknown };

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Each write a second after the one before, so a history's order is the order they were made in. */
async function written(response: Promise<{ statusCode: number; body: string; json: () => { transaction: Row } }>): Promise<Row> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(201);
  ctx.clock.advance(1);
  return answer.json().transaction;
}

const pay = async (s: Setup, amount: string) => written(s.pay((await s.generate({ amount })).qrData));
const repay = (s: Setup, token: string, amount: string) =>
  written(post(`/api/business/credit-accounts/${s.accountId}/repayment`, token, { amount }));

/** A charge started and confirmed by the person of `token`, with the code the customer got. */
async function charge(s: Setup, token: string, amount: string) {
  const started = await post(`/api/business/credit-accounts/${s.accountId}/charges`, token, { amount });
  expect(started.statusCode, started.body).toBe(201);
  const code = handed.filter((m) => m.to === s.customer.phoneNumber && m.template === 'charge').at(-1)!.variables.otp!;
  return written(post(`/api/business/charges/${started.json().charge.id}/confirm`, token, { code }));
}

const owner = { name: 'Ravi Kumar', role: 'owner' };
const cashier = { name: 'Sunil Rao', role: 'cashier' };
const manager = { name: 'Meena Iyer', role: 'manager' };

describe('who at the shop wrote a row', () => {
  it('names the person and their role on every row a person writes, on the shop\'s side only', async () => {
    const s = await paymentSetup(ctx, { limit: '5000', feePercent: '2' });
    expect((await post('/api/customer/sms-approval', s.customer.token, { enabled: true })).statusCode).toBe(200);
    const cashierAt = await inviteStaff(ctx, s.shop.token, { role: 'cashier', name: cashier.name });
    const managerAt = await inviteStaff(ctx, s.shop.token, { role: 'manager', name: manager.name });

    const payment = await pay(s, '1000');
    expect(payment.by).toBeNull();
    // Each answer to the person who wrote the row names them.
    const cashierRepayment = await repay(s, cashierAt.token, '200');
    expect(cashierRepayment.by).toEqual(cashier);
    const cashierCharge = await charge(s, cashierAt.token, '300');
    expect(cashierCharge.by).toEqual(cashier);
    const ownerRepayment = await repay(s, s.shop.token, '50');
    expect(ownerRepayment.by).toEqual(owner);
    const refund = await written(post(`/api/business/transactions/${payment.id}/refund`, managerAt.token, {
      amount: '100', reason: 'Goods returned', pin: managerAt.pin,
    }));
    expect(refund.by).toEqual(manager);
    const reversal = await written(post(`/api/business/transactions/${cashierRepayment.id}/reversal`, managerAt.token, {
      reason: 'Counted twice', pin: managerAt.pin,
    }));
    expect(reversal.by).toEqual(manager);

    const expected = [
      [reversal.id, 'reversal', manager], [refund.id, 'refund', manager], [ownerRepayment.id, 'repayment', owner],
      [cashierCharge.id, 'payment', cashier], [cashierRepayment.id, 'repayment', cashier], [payment.id, 'payment', null],
    ];
    // The shop's history, as an owner and a manager read it; the customer's names no one.
    for (const token of [s.shop.token, managerAt.token]) {
      const rows = (await get('/api/transactions/business', token)).json().transactions as Row[];
      expect(rows.map((row) => [row.id, row.type, row.by])).toEqual(expected);
    }
    const customerRows = (await get('/api/transactions/customer', s.customer.token)).json().transactions as Row[];
    expect(customerRows.map((row) => [row.id, row.by])).toEqual(expected.map(([id]) => [id, null]));

    // Receipts likewise.
    for (const [id, , by] of expected) {
      expect((await get(`/api/transactions/${id as string}`, s.shop.token)).json().transaction.by).toEqual(by);
      expect((await get(`/api/transactions/${id as string}`, s.customer.token)).json().transaction.by).toBeNull();
    }

    // The statement: the shop's copy names them, oldest first; the customer's does not.
    const day = indiaDay(ctx.clock());
    const url = `/api/credit-accounts/${s.accountId}/statement?from=${day}&to=${day}`;
    const shopCopy = (await get(url, s.shop.token)).json().statement.rows as Row[];
    expect(shopCopy.map((row) => [row.id, row.by])).toEqual(expected.map(([id, , by]) => [id, by]).reverse());
    const customerCopy = (await get(url, s.customer.token)).json().statement.rows as Row[];
    expect(customerCopy.map((row) => row.by)).toEqual(expected.map(() => null));
    const file = (await get(url.replace('/statement?', '/statement.csv?'), s.shop.token)).body.split('\r\n');
    expect(file[0]).toBe('\uFEFF"Date","Type","Description","By","Amount","Fee","Total","Owed after"');
    expect(file.slice(2, 8).map((line) => line.split(',')[3])).toEqual([
      '""', '"Sunil Rao (Cashier)"', '"Sunil Rao (Cashier)"', '"Ravi Kumar (Owner)"', '"Meena Iyer (Manager)"', '"Meena Iyer (Manager)"',
    ]);
    const customerFile = (await get(url.replace('/statement?', '/statement.csv?'), s.customer.token)).body;
    expect(customerFile).not.toMatch(/Sunil|Meena|Ravi Kumar|"By"/);
  });

  it('refuses a cashier\'s repayment above their limit for one entry, writing nothing', async () => {
    const s = await paymentSetup(ctx, { limit: '5000' });
    const cashierAt = await inviteStaff(ctx, s.shop.token, { role: 'cashier', name: cashier.name, singleLimit: '100', dailyLimit: '1000' });
    await pay(s, '1000');
    const refused = await post(`/api/business/credit-accounts/${s.accountId}/repayment`, cashierAt.token, { amount: '100.01' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'staff_single_limit', params: { limit: '₹100.00' } });
    expect((await get('/api/transactions/business', s.shop.token)).json().transactions).toHaveLength(1);
    expect((await repay(s, cashierAt.token, '100')).by).toEqual(cashier);
  });
});

describe("a cashier's history", () => {
  it('holds the rows of the current India day alone, page by page; an owner and a manager read them all', async () => {
    // 15:30 in India on 22 November.
    ctx.clock.set(new Date('2026-11-22T10:00:00.000Z'));
    const s = await paymentSetup(ctx, { limit: '5000' });
    const cashierAt = await inviteStaff(ctx, s.shop.token, { role: 'cashier', name: cashier.name });
    const managerAt = await inviteStaff(ctx, s.shop.token, { role: 'manager', name: manager.name });
    const yesterday = await pay(s, '100');
    // The last second of 22 November in India.
    ctx.clock.set(new Date('2026-11-22T18:29:59.000Z'));
    const lastOfYesterday = await repay(s, s.shop.token, '10');
    // Midnight: 23 November begins.
    ctx.clock.set(new Date('2026-11-22T18:30:00.000Z'));
    const firstOfToday = await pay(s, '200');
    const cashierRepayment = await repay(s, cashierAt.token, '20');
    const latest = await pay(s, '300');

    const history = async (token: string, query = '') => {
      const answer = await get(`/api/transactions/business${query}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { transactions: Row[]; nextCursor: string | null };
    };
    const today = [latest.id, cashierRepayment.id, firstOfToday.id];
    expect((await history(cashierAt.token)).transactions.map((row) => row.id)).toEqual(today);
    const all = [...today, lastOfYesterday.id, yesterday.id];
    expect((await history(s.shop.token)).transactions.map((row) => row.id)).toEqual(all);
    expect((await history(managerAt.token)).transactions.map((row) => row.id)).toEqual(all);

    // Page by page, the cashier's pages end with today's first row.
    const first = await history(cashierAt.token, '?limit=2');
    expect(first.transactions.map((row) => row.id)).toEqual(today.slice(0, 2));
    const second = await history(cashierAt.token, `?limit=2&cursor=${first.nextCursor!}`);
    expect(second).toEqual({ transactions: [expect.objectContaining({ id: firstOfToday.id })], nextCursor: null });
    // An owner's cursor into older rows reads nothing for a cashier.
    const ownerPage = await history(s.shop.token, '?limit=3');
    expect(ownerPage.nextCursor).not.toBeNull();
    expect(await history(cashierAt.token, `?cursor=${ownerPage.nextCursor!}`)).toEqual({ transactions: [], nextCursor: null });

    // The next India day, yesterday's rows are gone from the cashier's list too.
    ctx.clock.set(new Date('2026-11-23T18:30:00.000Z'));
    expect(await history(cashierAt.token)).toEqual({ transactions: [], nextCursor: null });
    expect((await history(s.shop.token)).transactions).toHaveLength(5);
  });

  it('refuses a cashier the whole history\'s other doors: a receipt, a statement, the dashboard figures', async () => {
    const s = await paymentSetup(ctx, { limit: '5000' });
    const cashierAt = await inviteStaff(ctx, s.shop.token, { role: 'cashier', name: cashier.name });
    const payment = await pay(s, '100');
    const day = indiaDay(ctx.clock());
    for (const url of [
      `/api/transactions/${payment.id}`, `/api/credit-accounts/${s.accountId}/statement?from=${day}&to=${day}`,
      `/api/credit-accounts/${s.accountId}/statement.csv?from=${day}&to=${day}`, '/api/business/stats',
    ]) {
      const refused = await get(url, cashierAt.token);
      expect({ url, status: refused.statusCode, key: refused.json().key }).toEqual({ url, status: 403, key: 'role_forbidden' });
    }
  });
});
