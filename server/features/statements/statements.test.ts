/**
 * Account statements through HTTP against a real database: a known sequence of
 * payments and repayments on both sides of a range's edges, read by the account's
 * customer and its merchant, as JSON and as CSV byte for byte. The merchant's copy also
 * names who at the shop wrote each row; the customer's names no person.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { indiaDayEnd, indiaDayStart } from '../../india-days';
import { reconcile } from '../../ledger/reconcile';
import {
  adminToken, approvedBusiness, bearer, createTestContext, paymentHandleOf, registerCustomer, type TestContext,
} from '../../test/context';
import * as repository from './statements.repository';

let ctx: TestContext;

const evilName = '=HYPERLINK("http://x","y")';
let shop: Awaited<ReturnType<typeof approvedBusiness>>;
let otherShop: Awaited<ReturnType<typeof approvedBusiness>>;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let otherCustomer: Awaited<ReturnType<typeof registerCustomer>>;
let accountId: string;
let otherAccountId: string;

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const statementUrl = (id: string, from: string, to: string, csv = false) =>
  `/api/credit-accounts/${id}/statement${csv ? '.csv' : ''}?from=${from}&to=${to}`;

async function createAccount(shopToken: string, customerToken: string, creditLimit: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST', url: '/api/business/create-credit-account', headers: bearer(shopToken),
    payload: { paymentHandle: await paymentHandleOf(ctx, customerToken), creditLimit },
  });
  if (response.statusCode !== 201) throw new Error(`credit account failed: ${response.body}`);
  return response.json().creditAccount.id as string;
}

/** A payment of `amount` on a fresh dynamic code, at the instant `at`. */
async function payAt(at: string, amount: string, description?: string) {
  ctx.clock.set(new Date(at));
  const code = await ctx.app.inject({
    method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload: { amount, ...(description ? { description } : {}) },
  });
  if (code.statusCode !== 201) throw new Error(`generate failed: ${code.body}`);
  const paid = await ctx.app.inject({
    method: 'POST', url: '/api/payments/process', headers: bearer(customer.token),
    payload: { qrData: code.json().qrData, pin: customer.pin },
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().transaction.id as string;
}

async function repayAt(at: string, amount: string) {
  ctx.clock.set(new Date(at));
  const repaid = await ctx.app.inject({
    method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount },
  });
  if (repaid.statusCode !== 201) throw new Error(`repayment failed: ${repaid.body}`);
  return repaid.json().transaction.id as string;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  // Sessions outlive the month the payments span; the fee is the default 2.00 %.
  ctx = await createTestContext({ config: { sessionIdleTtlSeconds: 365 * 24 * 3600, sessionAbsoluteTtlSeconds: 365 * 24 * 3600 } });
  ctx.clock.set(new Date('2026-10-29T04:00:00.000Z'));
  shop = await approvedBusiness(ctx);
  otherShop = await approvedBusiness(ctx);
  customer = await registerCustomer(ctx, { name: evilName });
  otherCustomer = await registerCustomer(ctx, { name: 'Meera Shah' });
  accountId = await createAccount(shop.token, customer.token, '5000');
  otherAccountId = await createAccount(otherShop.token, otherCustomer.token, '5000');
  // The same customer at another shop, and another customer at this shop: neither may appear.
  await createAccount(otherShop.token, customer.token, '5000');
  await createAccount(shop.token, otherCustomer.token, '5000');

  // Before the range (India time): owed 102.00, then 52.00 at 23:59 on 31 October.
  ids.before1 = await payAt('2026-10-30T10:00:00.000Z', '100', 'Tea');
  ids.before2 = await repayAt('2026-10-31T18:29:00.000Z', '50');
  // In the range 2026-11-01 to 2026-11-30: from its first instant to its last millisecond.
  ids.first = await payAt('2026-10-31T18:30:00.000Z', '200', 'Rice, 5 kg "Sona"');
  ids.second = await payAt('2026-11-15T06:45:00.000Z', '1234.50', '-10% Diwali offer');
  ids.third = await repayAt('2026-11-20T12:00:00.000Z', '500');
  ids.last = await payAt('2026-11-30T18:29:59.999Z', '10');
  // After it: 00:00 on 1 December in India.
  ids.after = await payAt('2026-11-30T18:30:00.000Z', '1');
}, 120_000);
afterAll(async () => { await ctx.close(); });

const daySeconds = 24 * 60 * 60;
const plusDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * daySeconds * 1000).toISOString();
/** What the statement says became of a payment (approved with the PIN) nothing was refunded of, still refundable. */
const unrefunded = (createdAt: string) => ({
  refunded: '0.00', refundedFee: '0.00', refundableUntil: plusDays(createdAt, 180), reversibleUntil: null, reversed: false,
  bySmsCode: false, by: null,
});
/** …of a row nothing can become of any more (a repayment past its reversal window, a refund). */
const settled = {
  refunded: '0.00', refundedFee: '0.00', refundableUntil: null, reversibleUntil: null, reversed: false, bySmsCode: false, by: null,
};
/** The shop's founding owner, who records this shop's repayments, refunds and reversals here. */
const byOwner = { name: 'Ravi Kumar', role: 'owner' };
const noRefunds = { refunds: 0, refundAmount: '0.00', refundFees: '0.00', refundTotal: '0.00', reversals: 0, reversalAmount: '0.00' };

/** November's statement as the customer reads it, or as the shop does (`by` on the rows a person wrote). */
const november = (side: 'customer' | 'merchant' = 'customer') => ({
  accountId, businessId: shop.businessId, businessName: 'Kumar Kirana', customerName: evilName,
  from: '2026-11-01', to: '2026-11-30', openingOwed: '52.00', closingOwed: '1025.39',
  rows: [
    {
      id: ids.first, createdAt: '2026-10-31T18:30:00.000Z', date: '2026-11-01 00:00', type: 'payment',
      description: 'Rice, 5 kg "Sona"', amount: '200.00', fee: '4.00', total: '204.00', owedAfter: '256.00',
      ...unrefunded('2026-10-31T18:30:00.000Z'),
    },
    {
      id: ids.second, createdAt: '2026-11-15T06:45:00.000Z', date: '2026-11-15 12:15', type: 'payment',
      description: '-10% Diwali offer', amount: '1234.50', fee: '24.69', total: '1259.19', owedAfter: '1515.19',
      ...unrefunded('2026-11-15T06:45:00.000Z'),
    },
    {
      id: ids.third, createdAt: '2026-11-20T12:00:00.000Z', date: '2026-11-20 17:30', type: 'repayment',
      description: null, amount: '500.00', fee: '0.00', total: '500.00', owedAfter: '1015.19', ...settled,
      by: side === 'merchant' ? byOwner : null,
    },
    {
      id: ids.last, createdAt: '2026-11-30T18:29:59.999Z', date: '2026-11-30 23:59', type: 'payment',
      description: null, amount: '10.00', fee: '0.20', total: '10.20', owedAfter: '1025.39',
      ...unrefunded('2026-11-30T18:29:59.999Z'),
    },
  ],
  totals: {
    payments: 3, paymentAmount: '1444.50', fees: '28.89', paymentTotal: '1473.39', repayments: 1, repaymentAmount: '500.00', ...noRefunds,
  },
});

const novemberCsv = [
  '\uFEFF"Date","Type","Description","Amount","Fee","Total","Owed after"',
  `"2026-11-01 00:00","Opening","'=HYPERLINK(""http://x"",""y"") at Kumar Kirana: amount owed at the start",,,,52.00`,
  '"2026-11-01 00:00","Payment","Rice, 5 kg ""Sona""",200.00,4.00,204.00,256.00',
  `"2026-11-15 12:15","Payment","'-10% Diwali offer",1234.50,24.69,1259.19,1515.19`,
  '"2026-11-20 17:30","Repayment","",500.00,0.00,500.00,1015.19',
  '"2026-11-30 23:59","Payment","",10.00,0.20,10.20,1025.39',
  '"2026-11-30 23:59","Total payments","3 payments",1444.50,28.89,1473.39,',
  '"2026-11-30 23:59","Total repayments","1 repayment",500.00,0.00,500.00,',
  '"2026-11-30 23:59","Total refunds","0 refunds",0.00,0.00,0.00,',
  '"2026-11-30 23:59","Total reversals","0 reversals",0.00,0.00,0.00,',
  '"2026-11-30 23:59","Closing","Amount owed at the end",,,,1025.39',
  '',
].join('\r\n');

/** The shop's file: a By column after the description, naming who wrote a row (blank for a payment by PIN). */
const novemberMerchantCsv = [
  '\uFEFF"Date","Type","Description","By","Amount","Fee","Total","Owed after"',
  `"2026-11-01 00:00","Opening","'=HYPERLINK(""http://x"",""y"") at Kumar Kirana: amount owed at the start","",,,,52.00`,
  '"2026-11-01 00:00","Payment","Rice, 5 kg ""Sona""","",200.00,4.00,204.00,256.00',
  `"2026-11-15 12:15","Payment","'-10% Diwali offer","",1234.50,24.69,1259.19,1515.19`,
  '"2026-11-20 17:30","Repayment","","Ravi Kumar (Owner)",500.00,0.00,500.00,1015.19',
  '"2026-11-30 23:59","Payment","","",10.00,0.20,10.20,1025.39',
  '"2026-11-30 23:59","Total payments","3 payments","",1444.50,28.89,1473.39,',
  '"2026-11-30 23:59","Total repayments","1 repayment","",500.00,0.00,500.00,',
  '"2026-11-30 23:59","Total refunds","0 refunds","",0.00,0.00,0.00,',
  '"2026-11-30 23:59","Total reversals","0 reversals","",0.00,0.00,0.00,',
  '"2026-11-30 23:59","Closing","Amount owed at the end","",,,,1025.39',
  '',
].join('\r\n');

describe('GET /api/credit-accounts/:id/statement', () => {
  it('gives the customer and the merchant the same statement: opening, rows in order, totals, closing', async () => {
    const asCustomer = await get(statementUrl(accountId, '2026-11-01', '2026-11-30'), customer.token);
    expect(asCustomer.statusCode).toBe(200);
    expect(asCustomer.json()).toEqual({ statement: november() });
    // The merchant's copy also names who recorded the repayment; the customer's names no one.
    const asMerchant = await get(statementUrl(accountId, '2026-11-01', '2026-11-30'), shop.token);
    expect(asMerchant.statusCode).toBe(200);
    expect(asMerchant.json()).toEqual({ statement: november('merchant') });
  });

  it('agrees with the ledger to the paisa: closing = opening + payment totals - repayments, and the account owes the last figure', async () => {
    const { statement } = (await get(statementUrl(accountId, '2026-10-01', '2026-12-31'), customer.token)).json();
    expect(statement.openingOwed).toBe('0.00');
    expect(statement.rows.map((row: { id: string }) => row.id))
      .toEqual([ids.before1, ids.before2, ids.first, ids.second, ids.third, ids.last, ids.after]);
    expect(statement.closingOwed).toBe('1026.41');
    const accounts = (await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts;
    expect(accounts.find((account: { id: string }) => account.id === accountId).owed).toBe('1026.41');
    const paise = (text: string) => Math.round(Number(text) * 100);
    expect(paise(statement.openingOwed) + paise(statement.totals.paymentTotal) - paise(statement.totals.repaymentAmount))
      .toBe(paise(statement.closingOwed));
  });

  it('takes the opening figure from the last row before the range, and a range without rows keeps it', async () => {
    const october = (await get(statementUrl(accountId, '2026-10-01', '2026-10-31'), shop.token)).json().statement;
    expect(october.rows.map((row: { id: string }) => row.id)).toEqual([ids.before1, ids.before2]);
    expect([october.openingOwed, october.closingOwed]).toEqual(['0.00', '52.00']);
    expect(october.rows[1]).toMatchObject({ date: '2026-10-31 23:59', type: 'repayment', owedAfter: '52.00' });

    const quiet = (await get(statementUrl(accountId, '2026-12-05', '2026-12-05'), customer.token)).json().statement;
    expect(quiet).toMatchObject({ openingOwed: '1026.41', closingOwed: '1026.41', rows: [] });
    expect(quiet.totals).toEqual({
      payments: 0, paymentAmount: '0.00', fees: '0.00', paymentTotal: '0.00', repayments: 0, repaymentAmount: '0.00', ...noRefunds,
    });

    const early = (await get(statementUrl(accountId, '2026-01-01', '2026-01-31'), customer.token)).json().statement;
    expect(early).toMatchObject({ openingOwed: '0.00', closingOwed: '0.00', rows: [] });

    // One India day: 1 November holds exactly the payment at its first instant.
    const firstDay = (await get(statementUrl(accountId, '2026-11-01', '2026-11-01'), customer.token)).json().statement;
    expect(firstDay.rows.map((row: { id: string }) => row.id)).toEqual([ids.first]);
    expect([firstDay.openingOwed, firstDay.closingOwed]).toEqual(['52.00', '256.00']);
  });

  it('accepts a range of 366 days and a leap day', async () => {
    expect((await get(statementUrl(accountId, '2028-01-01', '2028-12-31'), customer.token)).statusCode).toBe(200);
    expect((await get(statementUrl(accountId, '2028-02-29', '2028-02-29'), customer.token)).statusCode).toBe(200);
  });

  const startFormat = { error: 'Start date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD', key: 'statement_from_format', params: {} };
  const endFormat = { error: 'End date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD', key: 'statement_to_format', params: {} };
  const reversed = { error: 'The start date must not be after the end date', key: 'statement_range_reversed', params: {} };
  const tooLong = { error: 'A statement can cover at most 366 days', key: 'statement_range_too_long', params: { daysMax: 366 } };
  it.each([
    ['?to=2026-11-30', startFormat],
    ['?from=2026-11-01', endFormat],
    ['', startFormat],
    ['?from=2026-11-1&to=2026-11-30', startFormat],
    ['?from=01-11-2026&to=2026-11-30', startFormat],
    ['?from=2026-02-29&to=2026-03-01', startFormat],
    ['?from=2026-11-01&to=2026-11-31', endFormat],
    ['?from=2026-11-01&to=2026-13-01', endFormat],
    ['?from=1999-12-31&to=2000-01-01', startFormat],
    ['?from=2026-11-01&to=3000-01-01', endFormat],
    ['?from=2026-11-01&from=2026-11-02&to=2026-11-30', startFormat],
    ['?from=2026-11-01T00:00&to=2026-11-30', startFormat],
    ['?from=2026-12-01&to=2026-11-30', reversed],
    ['?from=2026-01-01&to=2027-01-02', tooLong],
    ['?from=2000-01-01&to=2999-12-31', tooLong],
  ])('refuses %s with 400 and says why', async (query, refusal) => {
    for (const csv of [false, true]) {
      const url = `/api/credit-accounts/${accountId}/statement${csv ? '.csv' : ''}${query}`;
      const response = await get(url, customer.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ...refusal, code: 'invalid_input' });
    }
  });

  it("tells anyone but the account's customer and merchant that it does not exist", async () => {
    const notFound = { error: 'Credit account not found', code: 'not_found', key: 'credit_account_not_found', params: {} };
    const cases: [string, string][] = [
      [accountId, otherCustomer.token],
      [accountId, otherShop.token],
      [otherAccountId, customer.token],
      [otherAccountId, shop.token],
      ['00000000-0000-4000-8000-000000000000', customer.token],
      ['not-an-id', shop.token],
      [`${accountId}x`, customer.token],
    ];
    for (const [id, token] of cases) {
      for (const csv of [false, true]) {
        const response = await get(statementUrl(id, '2026-11-01', '2026-11-30', csv), token);
        expect({ id, status: response.statusCode, body: response.json() }).toEqual({ id, status: 404, body: notFound });
      }
    }
    // An upper-case id is the same account.
    expect((await get(statementUrl(accountId.toUpperCase(), '2026-11-01', '2026-11-30'), customer.token)).statusCode).toBe(200);
    expect((await get(statementUrl(accountId, '2026-11-01', '2026-11-30'))).statusCode).toBe(401);
    expect((await get(statementUrl(accountId, '2026-11-01', '2026-11-30', true), await adminToken(ctx))).statusCode).toBe(403);
  });
});

describe('GET /api/credit-accounts/:id/statement.csv', () => {
  /** The account's short reference as a receipt shows it ("9F3A-1C07"), lower-cased for a file name. */
  const fileReference = (account: string) => `${account.slice(-8, -4)}-${account.slice(-4)}`.toLowerCase();

  it('is the same file byte for byte for the customer and the merchant (with its By column), as an attachment', async () => {
    for (const [token, file] of [[customer.token, novemberCsv], [shop.token, novemberMerchantCsv]] as const) {
      const response = await get(statementUrl(accountId, '2026-11-01', '2026-11-30', true), token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Named for the shop and the customer (whose name is a formula here: only its letters are
      // kept), with the account's short reference.
      const reference = fileReference(accountId);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="khata-statement-kumar-kirana-hyperlink-http-x-y-${reference}-2026-11-01-to-2026-11-30.csv"; `
        + `filename*=UTF-8''khata-statement-kumar-kirana-hyperlink-http-x-y-${reference}-2026-11-01-to-2026-11-30.csv`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(response.rawPayload.equals(Buffer.from(file, 'utf8'))).toBe(true);
      expect(response.rawPayload.toString('utf8')).toBe(file);
    }
  });

  it('names each customer’s file for the shop, the customer as written and the account, so two customers’ files differ', async () => {
    ctx.clock.set(new Date('2026-12-04T06:00:00.000Z'));
    // Each customer's name as written and in the plain ASCII name. Two customers of one shop
    // may share a name: the account's short reference tells their files apart.
    const customers = [['क्षत्रिय', 'क्षत्रिय', 'customer'], ['தமிழ்செல்வி', 'தமிழ்செல்வி', 'customer'], ['Asha', 'asha', 'asha'], ['Asha', 'asha', 'asha']];
    const expected: string[] = [];
    const files: (string | undefined)[] = [];
    for (const [name, asWritten, ascii] of customers) {
      const person = await registerCustomer(ctx, { name });
      const account = await createAccount(shop.token, person.token, '5000');
      ctx.clock.advance(1);
      const reference = fileReference(account);
      for (const token of [person.token, shop.token]) {
        const response = await get(statementUrl(account, '2026-12-01', '2026-12-04', true), token);
        expect(response.statusCode).toBe(200);
        const disposition = String(response.headers['content-disposition']);
        expect(disposition).toContain(`filename="khata-statement-kumar-kirana-${ascii}-${reference}-2026-12-01-to-2026-12-04.csv"`);
        files.push(/filename\*=UTF-8''(\S+)$/.exec(disposition)?.[1]);
        expected.push(`khata-statement-kumar-kirana-${asWritten}-${reference}-2026-12-01-to-2026-12-04.csv`);
      }
    }
    expect(files.map((file) => decodeURIComponent(file!))).toEqual(expected);
    expect(new Set(expected).size, 'each account its own file, the two Ashas too').toBe(customers.length);
  });

  // A spreadsheet set to split on `;` would find the cells =1+1 and =2+3 (docs/security.md, threat 18).
  it('gives a spreadsheet that splits on ; no formula for a customer named Ravi;=1+1; paying a code described x;=2+3;', async () => {
    ctx.clock.set(new Date('2026-12-05T06:00:00.000Z'));
    const ravi = await registerCustomer(ctx, { name: 'Ravi;=1+1;' });
    const raviAccount = await createAccount(shop.token, ravi.token, '5000');
    const code = await ctx.app.inject({
      method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload: { amount: '10', description: 'x;=2+3;' },
    });
    expect(code.statusCode).toBe(201);
    const paid = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(ravi.token), payload: { qrData: code.json().qrData, pin: ravi.pin },
    });
    expect(paid.statusCode).toBe(201);
    const response = await get(statementUrl(raviAccount, '2026-12-05', '2026-12-05', true), shop.token);
    expect(response.statusCode).toBe(200);
    const csv = response.body;
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `"2026-12-05 00:00","Opening","Ravi;'=1+1; at Kumar Kirana: amount owed at the start","",,,,0.00`,
      `"2026-12-05 11:30","Payment","x;'=2+3;","",10.00,0.20,10.20,10.20`,
    ]);
    const cells = csv.replace('\uFEFF', '').split('\r\n').flatMap((line) => line.split(';')).map((cell) => cell.replace(/^"+/, ''));
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });
});

describe('refunds and reversals on the statement', () => {
  let neha: Awaited<ReturnType<typeof registerCustomer>>;
  let nehaAccount: string;
  beforeAll(async () => {
    ctx.clock.set(new Date('2027-01-10T09:00:00.000Z'));
    neha = await registerCustomer(ctx, { name: 'Neha Rao' });
    nehaAccount = await createAccount(shop.token, neha.token, '5000');
    ctx.clock.set(new Date('2027-01-10T10:00:00.000Z'));
    const code = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload: { amount: '1000' } });
    const paid = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(neha.token), payload: { qrData: code.json().qrData, pin: neha.pin },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    ctx.clock.set(new Date('2027-01-10T11:00:00.000Z'));
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${nehaAccount}/repayment`, headers: bearer(shop.token), payload: { amount: '300' },
    });
    expect(repaid.statusCode, repaid.body).toBe(201);
    // A reason typed like a formula, which the file must show and never run.
    ctx.clock.set(new Date('2027-01-11T05:00:00.000Z'));
    const refunded = await ctx.app.inject({
      method: 'POST', url: `/api/business/transactions/${paid.json().transaction.id}/refund`, headers: bearer(shop.token),
      payload: { amount: '250', reason: '=2 bags returned', pin: shop.pin },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    ctx.clock.set(new Date('2027-01-11T06:00:00.000Z'));
    const reversed = await ctx.app.inject({
      method: 'POST', url: `/api/business/transactions/${repaid.json().transaction.id}/reversal`, headers: bearer(shop.token),
      payload: { reason: 'Counted twice', pin: shop.pin },
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const report = await reconcile(ctx.database.db);
    expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
  });

  it('lists the refund and the reversal with their reasons; what is owed falls by the refund and rises by the reversal', async () => {
    const { statement } = (await get(statementUrl(nehaAccount, '2027-01-10', '2027-01-11'), neha.token)).json();
    expect(statement).toMatchObject({ openingOwed: '0.00', closingOwed: '765.00' });
    expect(statement.rows.map(({ id: _, createdAt: __, ...row }: { id: string; createdAt: string }) => row)).toEqual([
      {
        date: '2027-01-10 15:30', type: 'payment', description: null, amount: '1000.00', fee: '20.00', total: '1020.00', owedAfter: '1020.00',
        ...settled, refunded: '250.00', refundedFee: '5.00', refundableUntil: plusDays('2027-01-10T10:00:00.000Z', 180),
      },
      {
        date: '2027-01-10 16:30', type: 'repayment', description: null, amount: '300.00', fee: '0.00', total: '300.00', owedAfter: '720.00',
        ...settled, reversed: true,
      },
      {
        date: '2027-01-11 10:30', type: 'refund', description: '=2 bags returned', amount: '250.00', fee: '5.00', total: '255.00',
        owedAfter: '465.00', ...settled,
      },
      {
        date: '2027-01-11 11:30', type: 'reversal', description: 'Counted twice', amount: '300.00', fee: '0.00', total: '300.00',
        owedAfter: '765.00', ...settled,
      },
    ]);
    expect(statement.totals).toEqual({
      payments: 1, paymentAmount: '1000.00', fees: '20.00', paymentTotal: '1020.00', repayments: 1, repaymentAmount: '300.00',
      refunds: 1, refundAmount: '250.00', refundFees: '5.00', refundTotal: '255.00', reversals: 1, reversalAmount: '300.00',
    });
    const paise = (text: string) => Math.round(Number(text) * 100);
    const { totals } = statement;
    expect(paise(statement.openingOwed) + paise(totals.paymentTotal) - paise(totals.repaymentAmount) - paise(totals.refundTotal)
      + paise(totals.reversalAmount)).toBe(paise(statement.closingOwed));
    // The merchant's copy names who wrote each row: the owner, all but the customer's own payment.
    const asMerchant = await get(statementUrl(nehaAccount, '2027-01-10', '2027-01-11'), shop.token);
    expect(asMerchant.json()).toEqual({
      statement: { ...statement, rows: statement.rows.map((row: { type: string }) => ({ ...row, by: row.type === 'payment' ? null : byOwner })) },
    });
    // A range that starts between them opens at what was owed then.
    const secondDay = (await get(statementUrl(nehaAccount, '2027-01-11', '2027-01-11'), shop.token)).json().statement;
    expect(secondDay).toMatchObject({ openingOwed: '720.00', closingOwed: '765.00' });
    expect(secondDay.rows.map((row: { type: string }) => row.type)).toEqual(['refund', 'reversal']);
    const accounts = (await get('/api/credit-accounts/customer', neha.token)).json().creditAccounts;
    expect(accounts.find((account: { id: string }) => account.id === nehaAccount).owed).toBe('765.00');
  });

  it('writes Refund and Reversal lines in the CSV, the reason as their description, byte for byte', async () => {
    const response = await get(statementUrl(nehaAccount, '2027-01-10', '2027-01-11', true), shop.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe([
      '\uFEFF"Date","Type","Description","By","Amount","Fee","Total","Owed after"',
      '"2027-01-10 00:00","Opening","Neha Rao at Kumar Kirana: amount owed at the start","",,,,0.00',
      '"2027-01-10 15:30","Payment","","",1000.00,20.00,1020.00,1020.00',
      '"2027-01-10 16:30","Repayment","","Ravi Kumar (Owner)",300.00,0.00,300.00,720.00',
      `"2027-01-11 10:30","Refund","'=2 bags returned","Ravi Kumar (Owner)",250.00,5.00,255.00,465.00`,
      '"2027-01-11 11:30","Reversal","Counted twice","Ravi Kumar (Owner)",300.00,0.00,300.00,765.00',
      '"2027-01-11 23:59","Total payments","1 payment","",1000.00,20.00,1020.00,',
      '"2027-01-11 23:59","Total repayments","1 repayment","",300.00,0.00,300.00,',
      '"2027-01-11 23:59","Total refunds","1 refund","",250.00,5.00,255.00,',
      '"2027-01-11 23:59","Total reversals","1 reversal","",300.00,0.00,300.00,',
      '"2027-01-11 23:59","Closing","Amount owed at the end","",,,,765.00',
      '',
    ].join('\r\n'));
  });
});

describe('statement limits and indexes', () => {
  /** The account of a customer with more ledger rows in a range than a statement holds. */
  async function crowdedAccount(): Promise<string> {
    const crowded = await registerCustomer(ctx, { name: 'Busy Buyer' });
    const id = await createAccount(shop.token, crowded.token, '5000');
    await ctx.database.db.execute(sql`
      insert into transactions (id, type, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
        fee_basis_points, total_paise, limit_paise_after, owed_paise_after, created_at)
      select gen_random_uuid(), 'payment', ${id}::uuid, ${crowded.userId}::uuid, ${shop.businessId}::uuid, 1, 0, 0, 1, 500000, n,
        timestamptz '2026-06-01 00:00:00+05:30' + n * interval '1 second'
      from generate_series(1, 10001) as n`);
    await ctx.database.db.execute(sql`analyze transactions`);
    return id;
  }

  it('refuses a range with more rows than a statement holds, and a shorter one passes', async () => {
    const id = await crowdedAccount();
    const refused = await get(statementUrl(id, '2026-06-01', '2026-06-30'), shop.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'This statement has more than 10,000 entries. Choose a shorter range.',
      code: 'statement_too_many_rows', key: 'statement_too_many_rows', params: { rowsMax: '10,000' },
    });
    expect((await get(statementUrl(id, '2026-06-02', '2026-06-30'), shop.token)).json().statement.rows).toEqual([]);
  });

  it('reads the range and the opening row through an index, in order, never a scan or a sort', async () => {
    const account = await repository.findOwnedAccount(ctx.database.db, accountId, { businessId: shop.businessId });
    expect(account).not.toBeNull();
    const plan = async (query: SQLWrapper) =>
      rowsOf<Record<string, string>>(await ctx.database.db.execute(sql`explain ${query}`))
        .map((row) => Object.values(row)[0]).join('\n');
    const range = await plan(repository.rowsBetween(
      ctx.database.db, account!, indiaDayStart('2026-11-01'), indiaDayEnd('2026-11-30'), 10_001));
    const opening = await plan(repository.lastRowBefore(ctx.database.db, account!, indiaDayStart('2026-11-01')));
    // The planner may take the customer's own (customer_id, created_at, id) index when one
    // customer's rows are few: either is one index range in order, never a scan or a sort.
    for (const text of [range, opening]) {
      expect(text).toMatch(/Index Scan.* using transactions_customer_(business_)?created_idx/);
      expect(text).not.toMatch(/Seq Scan|Sort|Bitmap/);
    }
    expect(opening).toMatch(/Index Scan Backward/);
    console.log(`statement plans on ${ctx.database.kind}:\n${range}\n${opening}`);
  });
});
