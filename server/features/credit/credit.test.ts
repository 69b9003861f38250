import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  adminToken, approvedBusiness, bearer, businessIdOf, createTestContext, paymentHandleOf, registerBusiness,
  registerCustomer, type TestContext,
} from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

const createAccount = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/business/create-credit-account', headers: bearer(token), payload });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const accountCount = async () =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from credit_accounts`))[0]!.n;

describe('POST /api/business/create-credit-account', () => {
  it('gives a customer, found by payment handle, a limit that both then see', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx, { name: 'Meera Shah' });
    const handle = await paymentHandleOf(ctx, customer.token);
    const response = await createAccount(shop.token, { paymentHandle: ` ${handle.toUpperCase()} `, creditLimit: '5000.00' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      customerName: 'Meera Shah',
      creditAccount: {
        id: expect.any(String), customerId: customer.userId, customerName: 'Meera Shah', paymentHandle: handle,
        phone: customer.phoneNumber, creditLimit: '5000.00', currentBalance: '5000.00', owed: '0.00', createdAt: ctx.clock().toISOString(),
        overdue: '0.00', nextDueOn: null, dueMoved: false, lastRemindedAt: null, language: 'en',
      },
    });
    expect((await get('/api/credit-accounts/customer', customer.token)).json()).toEqual({
      creditAccounts: [{
        id: response.json().creditAccount.id, businessId: shop.businessId, business: { businessName: 'Kumar Kirana' },
        currentBalance: '5000.00', creditLimit: '5000.00', owed: '0.00',
        overdue: '0.00', nextDueOn: null, nextDueAmount: '0.00', upiId: null, remindersOptedOut: false,
      }],
    });
    expect((await get('/api/credit-accounts/business', shop.token)).json().creditAccounts).toEqual([response.json().creditAccount]);
  });

  it.each([
    ['1500', '1500.00'], ['1500.5', '1500.50'], [2500, '2500.00'], [99.99, '99.99'], ['50000', '50000.00'],
  ])('accepts the limit %j as %s', async (creditLimit, expected) => {
    const shop = await approvedBusiness(ctx);
    const handle = await paymentHandleOf(ctx, (await registerCustomer(ctx)).token);
    const response = await createAccount(shop.token, { paymentHandle: handle, creditLimit });
    expect(response.statusCode).toBe(201);
    expect(response.json().creditAccount.creditLimit).toBe(expected);
  });

  it.each([['0'], ['-100'], ['10.005'], ['abc'], [''], [' 10 '], ['1e3'], [0], [null], [true]])(
    'refuses the limit %j with 400, creating nothing', async (creditLimit) => {
      const shop = await approvedBusiness(ctx);
      const handle = await paymentHandleOf(ctx, (await registerCustomer(ctx)).token);
      const before = await accountCount();
      const response = await createAccount(shop.token, { paymentHandle: handle, creditLimit });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Credit limit must be an amount greater than 0 with at most 2 decimals', code: 'invalid_input', key: 'credit_limit_format', params: {},
      });
      expect(await accountCount()).toBe(before);
    });

  it('refuses a limit above the business maximum with 422, one paisa over', async () => {
    const shop = await approvedBusiness(ctx);
    const handle = await paymentHandleOf(ctx, (await registerCustomer(ctx)).token);
    const response = await createAccount(shop.token, { paymentHandle: handle, creditLimit: '50000.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "Credit limit cannot be more than ₹50,000.00, your business's maximum",
      code: 'limit_above_maximum', key: 'limit_above_maximum', params: { maximum: '₹50,000.00' },
    });
  });

  it('answers 404 for an unknown handle and 400 for an empty one', async () => {
    const shop = await approvedBusiness(ctx);
    const unknown = await createAccount(shop.token, { paymentHandle: 'zzzzzzzz@khata', creditLimit: '100' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'No customer found with payment handle zzzzzzzz@khata', code: 'not_found', key: 'payment_handle_not_found', params: { paymentHandle: 'zzzzzzzz@khata' },
    });
    const empty = await createAccount(shop.token, { paymentHandle: '  ', creditLimit: '100' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Please scan QR or enter customer payment handle', code: 'invalid_input', key: 'payment_handle_empty', params: {},
    });
  });

  it('answers 409 with a clear message when the customer already has an account here', async () => {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx, { name: 'Kiran Rao' });
    const handle = await paymentHandleOf(ctx, customer.token);
    expect((await createAccount(shop.token, { paymentHandle: handle, creditLimit: '100' })).statusCode).toBe(201);
    const again = await createAccount(shop.token, { paymentHandle: handle, creditLimit: '200' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Kiran Rao already has a credit account with your business', code: 'already_exists', key: 'credit_account_exists', params: { customerName: 'Kiran Rao' },
    });
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts[0].creditLimit).toBe('100.00');
  });

  it('gives one customer accounts with several businesses', async () => {
    const customer = await registerCustomer(ctx);
    const handle = await paymentHandleOf(ctx, customer.token);
    for (const limit of ['100', '200']) {
      const shop = await approvedBusiness(ctx);
      expect((await createAccount(shop.token, { paymentHandle: handle, creditLimit: limit })).statusCode).toBe(201);
    }
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts).toHaveLength(2);
  });

  it('refuses a pending and a rejected business with 403, even calling the API directly', async () => {
    const handle = await paymentHandleOf(ctx, (await registerCustomer(ctx)).token);
    const pending = await registerBusiness(ctx);
    const rejected = await registerBusiness(ctx);
    await ctx.app.inject({
      method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
      payload: { businessIds: [await businessIdOf(ctx, rejected.token)], action: 'reject', reason: 'Incomplete' },
    });
    for (const shop of [pending, rejected]) {
      const response = await createAccount(shop.token, { paymentHandle: handle, creditLimit: '100' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Your business must be approved by an admin first', code: 'not_approved', key: 'not_approved', params: {} });
    }
  });
});

describe('changing a limit', () => {
  async function account() {
    const shop = await approvedBusiness(ctx);
    const customer = await registerCustomer(ctx);
    const handle = await paymentHandleOf(ctx, customer.token);
    const created = await createAccount(shop.token, { paymentHandle: handle, creditLimit: '1000' });
    return { shop, customer, accountId: created.json().creditAccount.id as string };
  }
  const changeLimit = (token: string, accountId: string, creditLimit: unknown) => ctx.app.inject({
    method: 'POST', url: `/api/business/credit-accounts/${accountId}/limit`, headers: bearer(token), payload: { creditLimit },
  });

  it('raises and lowers a limit; the customer sees it', async () => {
    const { shop, customer, accountId } = await account();
    const raised = await changeLimit(shop.token, accountId, '2500.50');
    expect(raised.statusCode).toBe(200);
    expect(raised.json().creditAccount).toMatchObject({ creditLimit: '2500.50', currentBalance: '2500.50', owed: '0.00' });
    expect((await changeLimit(shop.token, accountId, '300')).json().creditAccount.creditLimit).toBe('300.00');
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts[0].creditLimit).toBe('300.00');
  });

  it('shows 0 available when the limit is lowered below what is owed, never touching the debt', async () => {
    const { shop, customer, accountId } = await account();
    await ctx.database.db.execute(sql`update credit_accounts set owed_paise = 80000, charged_paise = 80000 where id = ${accountId}`);
    const lowered = await changeLimit(shop.token, accountId, '500');
    expect(lowered.json().creditAccount).toMatchObject({ creditLimit: '500.00', currentBalance: '0.00', owed: '800.00' });
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts[0])
      .toMatchObject({ currentBalance: '0.00', creditLimit: '500.00', owed: '800.00' });
  });

  it('refuses a limit above the maximum (422) and an invalid one (400)', async () => {
    const { shop, accountId } = await account();
    expect((await changeLimit(shop.token, accountId, '60000')).statusCode).toBe(422);
    expect((await changeLimit(shop.token, accountId, '0')).statusCode).toBe(400);
  });

  it("answers 404 for another business's account, changing nothing", async () => {
    const { customer, accountId } = await account();
    const other = await approvedBusiness(ctx);
    const response = await changeLimit(other.token, accountId, '10');
    expect(response.statusCode).toBe(404);
    expect((await get('/api/credit-accounts/customer', customer.token)).json().creditAccounts[0].creditLimit).toBe('1000.00');
    expect((await changeLimit(other.token, 'not-an-id', '10')).statusCode).toBe(404);
  });
});

describe('scoping and roles', () => {
  it("shows a merchant only its own customers and a customer only their own accounts", async () => {
    const [shopA, shopB] = [await approvedBusiness(ctx), await approvedBusiness(ctx)];
    const [alice, bob] = [await registerCustomer(ctx), await registerCustomer(ctx)];
    await createAccount(shopA.token, { paymentHandle: await paymentHandleOf(ctx, alice.token), creditLimit: '100' });
    await createAccount(shopB.token, { paymentHandle: await paymentHandleOf(ctx, bob.token), creditLimit: '100' });
    const aList = (await get('/api/credit-accounts/business', shopA.token)).json().creditAccounts;
    expect(aList.map((a: { customerId: string }) => a.customerId)).toEqual([alice.userId]);
    const aliceList = (await get('/api/credit-accounts/customer', alice.token)).json().creditAccounts;
    expect(aliceList.map((a: { businessId: string }) => a.businessId)).toEqual([shopA.businessId]);
  });

  it.each([
    ['GET', '/api/credit-accounts/business'],
    ['POST', '/api/business/create-credit-account'],
    ['GET', '/api/business/stats'],
    ['GET', '/api/admin/businesses'],
    ['GET', '/api/admin/businesses/pending'],
    ['POST', '/api/admin/businesses/approve'],
    ['GET', '/api/admin/stats'],
  ] as const)('refuses a customer calling %s %s with 403', async (method, url) => {
    const customer = await registerCustomer(ctx);
    const response = await ctx.app.inject({ method, url, headers: bearer(customer.token), payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['GET', '/api/credit-accounts/customer'], ['GET', '/api/customer/qr'],
    ['GET', '/api/admin/stats'], ['POST', '/api/admin/businesses/approve'],
  ] as const)('refuses a merchant calling %s %s with 403', async (method, url) => {
    const shop = await approvedBusiness(ctx);
    const response = await ctx.app.inject({ method, url, headers: bearer(shop.token), payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(403);
  });

  it('refuses anonymous calls with 401', async () => {
    for (const url of ['/api/credit-accounts/customer', '/api/credit-accounts/business', '/api/customer/qr', '/api/admin/stats', '/api/business/stats']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('merchant dashboard stats', () => {
  it('counts customers and starts revenue, credit issued and transactions at zero', async () => {
    const shop = await approvedBusiness(ctx);
    const stats = async () => (await get('/api/business/stats', shop.token)).json().stats;
    expect(await stats()).toEqual({
      totalRevenue: '0.00', customers: 0, creditIssued: '0.00', transactions: 0, refunds: 0,
      trend: { revenue: { current: '0.00', previous: '0.00' }, transactions: { current: 0, previous: 0 } },
    });
    for (let i = 0; i < 3; i++) {
      await createAccount(shop.token, { paymentHandle: await paymentHandleOf(ctx, (await registerCustomer(ctx)).token), creditLimit: '100' });
    }
    expect(await stats()).toEqual({
      totalRevenue: '0.00', customers: 3, creditIssued: '0.00', transactions: 0, refunds: 0,
      trend: { revenue: { current: '0.00', previous: '0.00' }, transactions: { current: 0, previous: 0 } },
    });
  });

  it('counts credit accounts on the admin overview', async () => {
    const admin = await adminToken(ctx);
    const before = (await get('/api/admin/stats', admin)).json().stats.creditAccounts;
    const shop = await approvedBusiness(ctx);
    await createAccount(shop.token, { paymentHandle: await paymentHandleOf(ctx, (await registerCustomer(ctx)).token), creditLimit: '100' });
    expect((await get('/api/admin/stats', admin)).json().stats.creditAccounts).toBe(before + 1);
  });
});

describe('GET /api/customer/qr', () => {
  it("returns the customer's payment code: JSON with the handle and name", async () => {
    const customer = await registerCustomer(ctx, { name: 'Zoya Khan' });
    const response = await get('/api/customer/qr', customer.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ qrData: expect.any(String), paymentHandle: expect.stringMatching(/^[a-z2-9]{8}@khata$/), name: 'Zoya Khan', phoneNumber: customer.phoneNumber });
    expect(JSON.parse(body.qrData)).toEqual({ paymentHandle: body.paymentHandle, name: 'Zoya Khan' });
  });
});
