import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { approvedBusiness, bearer, createTestContext, paymentSetup, registerBusiness, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ config: { publicUrl: 'https://khata.example.com' } }); });
afterAll(async () => { await ctx.close(); });

const validate = (token: string, qrData: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/qr/validate', headers: bearer(token), payload: { qrData } });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const accountOf = async (token: string) => (await get('/api/credit-accounts/customer', token)).json().creditAccounts[0];

describe('POST /api/qr/generate', () => {
  it('makes a static code whose data is a /pay/ URL of the public origin, expiring in 15 minutes', async () => {
    const shop = await approvedBusiness(ctx);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload: {} });
    expect(response.statusCode).toBe(201);
    const code = response.json();
    expect(code).toEqual({
      id: expect.any(String), qrData: expect.stringMatching(/^https:\/\/khata\.example\.com\/pay\/[A-Za-z0-9_-]{22}$/),
      amount: null, description: null, isDynamic: false, feePercent: '2.00', status: 'active',
      createdAt: ctx.clock().toISOString(), expiresAt: new Date(ctx.clock().getTime() + 15 * 60_000).toISOString(),
    });
  });

  it('makes a dynamic code with an amount, a trimmed description and its own expiry', async () => {
    const shop = await approvedBusiness(ctx);
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token),
      payload: { amount: '250.5', description: '  Groceries  ', expirationMinutes: 1440 },
    });
    expect(response.json()).toMatchObject({ amount: '250.50', description: 'Groceries', isDynamic: true });
  });

  it.each([
    [{ expirationMinutes: 0 }, 'Expiry must be from 1 to 1440 minutes', 'qr_expiry_range'],
    [{ expirationMinutes: 1441 }, 'Expiry must be from 1 to 1440 minutes', 'qr_expiry_range'],
    [{ expirationMinutes: 1.5 }, 'Expiry must be a whole number of minutes', 'qr_expiry_whole'],
    [{ amount: '0' }, 'Please enter a valid amount greater than 0', 'qr_amount_format'],
    [{ amount: '-5' }, 'Please enter a valid amount greater than 0', 'qr_amount_format'],
    [{ amount: '1.001' }, 'Please enter a valid amount greater than 0', 'qr_amount_format'],
  ])('refuses %j with "%s"', async (payload, message, key) => {
    const shop = await approvedBusiness(ctx);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(shop.token), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_input', key, params: {} });
  });

  it('refuses a business that is not approved', async () => {
    const pending = await registerBusiness(ctx);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/qr/generate', headers: bearer(pending.token), payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_approved');
  });

  it('lists the active codes only with active=true', async () => {
    const { shop, generate, pay } = await paymentSetup(ctx);
    const paid = await generate({ amount: '10' });
    ctx.clock.advance(1);
    const open = await generate();
    await pay(paid.qrData);
    const all = (await get('/api/qr/business', shop.token)).json().qrCodes;
    expect(all.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[open.id, 'active'], [paid.id, 'paid']]);
    const active = (await get('/api/qr/business?active=true', shop.token)).json().qrCodes;
    expect(active.map((c: { id: string }) => c.id)).toEqual([open.id]);
    const notOnlyActive = (await get('/api/qr/business?active=false', shop.token)).json().qrCodes;
    expect(notOnlyActive.map((c: { id: string }) => c.id)).toEqual([open.id, paid.id]);
  });

  it.each(['yes', '1', 'TRUE', '', 'true&active=false'])('refuses active=%s with 400 invalid_input', async (value) => {
    const shop = await approvedBusiness(ctx);
    const response = await get(`/api/qr/business?active=${value}`, shop.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'active must be true or false', code: 'invalid_input', key: 'qr_list_active', params: {} });
  });
});

describe('POST /api/qr/validate', () => {
  it('describes a dynamic code: business, fee rate, amount, fee and available credit', async () => {
    const { shop, customer, generate } = await paymentSetup(ctx, { feePercent: '2.5' });
    const code = await generate({ amount: '100', description: 'Milk' });
    const response = await validate(customer.token, code.qrData);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      qrCode: { isDynamic: true, description: 'Milk' },
      business: { id: shop.businessId, name: 'Kumar Kirana', feePercent: '2.50' },
      payment: { amount: '100.00', fee: '2.50' },
      creditAccount: { currentBalance: '1000.00' },
    });
  });

  it('describes a static code without a payment part, and accepts the bare token', async () => {
    const { customer, generate } = await paymentSetup(ctx);
    const code = await generate();
    const token = code.qrData.split('/pay/')[1]!;
    for (const qrData of [code.qrData, token, `https://other.example/pay/${token}`]) {
      const body = (await validate(customer.token, qrData)).json();
      expect(body.qrCode).toEqual({ isDynamic: false, description: null });
      expect(body.payment).toBeUndefined();
    }
  });

  it.each([
    ['garbage', 400, 'qr_invalid', 'This is not a Khata payment code', 'qr_invalid'],
    ['https://khata.example.com/pay/AAAAAAAAAAAAAAAAAAAAAA', 404, 'qr_not_found', 'This payment code does not exist', 'qr_not_found'],
    ['{"paymentHandle":"x@khata"}', 400, 'qr_invalid', 'This is not a Khata payment code', 'qr_invalid'],
    ['', 400, 'invalid_input', 'Please scan or enter a QR code first', 'qr_data_missing'],
  ])('refuses %j', async (qrData, status, code, message, key) => {
    const { customer } = await paymentSetup(ctx);
    const response = await validate(customer.token, qrData);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message, code, key, params: {} });
  });

  it('refuses an expired code', async () => {
    const { customer, generate } = await paymentSetup(ctx);
    const code = await generate({ expirationMinutes: 1 });
    ctx.clock.advance(60);
    const response = await validate(customer.token, code.qrData);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'This payment code has expired. Ask the merchant for a new one.', code: 'qr_expired', key: 'qr_expired', params: {} });
  });

  it('refuses a customer without a credit account with that business', async () => {
    const { generate } = await paymentSetup(ctx);
    const stranger = await paymentSetup(ctx);
    const code = await generate();
    const response = await validate(stranger.customer.token, code.qrData);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'You do not have a credit account with this business', code: 'no_credit_account', key: 'no_credit_account', params: {} });
  });
});

describe('GET /api/transactions/:id (a receipt)', () => {
  it("shows the customer and the merchant the row as paid, with the available credit as of that payment, later too", async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx, { feePercent: '2' });
    const paid = (await pay((await generate({ amount: '100' })).qrData)).json().transaction;
    expect(paid.availableCredit).toBe('898.00');
    // Later payments and repayments change the account, not the receipt.
    ctx.clock.advance(1);
    await pay((await generate({ amount: '300' })).qrData);
    ctx.clock.advance(1);
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '50' },
    });
    expect(repaid.json().transaction.availableCredit).toBe('642.00');
    for (const token of [customer.token, shop.token]) {
      const response = await get(`/api/transactions/${paid.id}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ transaction: paid });
    }
    const history = (await get('/api/transactions/customer', customer.token)).json().transactions;
    expect(history.map((row: { availableCredit: string }) => row.availableCredit)).toEqual(['642.00', '592.00', '898.00']);
  });

  it("is not found for another customer's or another merchant's row, a made-up id or a malformed one", async () => {
    const { generate, pay } = await paymentSetup(ctx);
    const stranger = await paymentSetup(ctx);
    const paid = (await pay((await generate({ amount: '10' })).qrData)).json().transaction;
    for (const [id, token] of [
      [paid.id, stranger.customer.token], [paid.id, stranger.shop.token],
      ['0190a3c4-1111-7222-8333-444455556666', stranger.customer.token], ['not-a-uuid', stranger.customer.token],
    ]) {
      const response = await get(`/api/transactions/${id}`, token!);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Transaction not found', code: 'not_found', key: 'transaction_not_found', params: {} });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/transactions/${paid.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/payments/process', () => {
  it('pays a dynamic code: amount plus fee is owed, the ledger and both histories show it', async () => {
    const { shop, customer, generate, pay } = await paymentSetup(ctx, { feePercent: '2' });
    const code = await generate({ amount: '250.25', description: 'Rice' });
    const response = await pay(code.qrData);
    expect(response.statusCode).toBe(201);
    const { transaction } = response.json();
    expect(transaction).toEqual({
      id: expect.any(String), type: 'payment', amount: '250.25', fee: '5.01', totalAmount: '255.26', status: 'completed',
      createdAt: ctx.clock().toISOString(), businessId: shop.businessId,
      business: { businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: shop.phoneNumber },
      customerName: 'Asha Verma', description: 'Rice', availableCredit: '744.74',
      originalId: null, reason: null, refunded: '0.00', refundedFee: '0.00',
      refundableUntil: new Date(ctx.clock().getTime() + 180 * 24 * 3600 * 1000).toISOString(), reversibleUntil: null,
      reversed: false, report: null, bySmsCode: false, by: null,
    });
    expect(await accountOf(customer.token)).toMatchObject({ owed: '255.26', currentBalance: '744.74', creditLimit: '1000.00' });
    expect((await get('/api/transactions/customer', customer.token)).json()).toEqual({ transactions: [transaction], nextCursor: null });
    expect((await get('/api/transactions/business', shop.token)).json()).toEqual({ transactions: [transaction], nextCursor: null });
    expect((await get('/api/business/stats', shop.token)).json().stats)
      .toEqual({
        totalRevenue: '250.25', customers: 1, creditIssued: '255.26', transactions: 1, refunds: 0,
        trend: { revenue: { current: '250.25', previous: '0.00' }, transactions: { current: 1, previous: 0 } },
      });
  });

  it('pays a static code with the amount the customer enters', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const response = await pay(code.qrData, { amount: '99.99' });
    expect(response.json().transaction).toMatchObject({ amount: '99.99', fee: '2.00', totalAmount: '101.99' });
    expect((await pay(code.qrData, { amount: 10 })).statusCode).toBe(201);
    expect((await accountOf(customer.token)).owed).toBe('112.19');
  });

  it('ignores an amount sent for a dynamic code', async () => {
    const { generate, pay } = await paymentSetup(ctx);
    const code = await generate({ amount: '50' });
    expect((await pay(code.qrData, { amount: '1' })).json().transaction.amount).toBe('50.00');
  });

  it.each([[undefined], ['0'], ['-1'], ['0.001'], ['abc'], [' 10 ']])('refuses the static amount %j', async (amount) => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const response = await pay(code.qrData, { amount });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter a valid amount');
    expect((await accountOf(customer.token)).owed).toBe('0.00');
  });

  it('refuses a payment one paisa over the available credit, and takes one exactly at it', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx, { limit: '102', feePercent: '2' });
    const code = await generate();
    const over = await pay(code.qrData, { amount: '100.01' }); // 100.01 + 2.00 = 102.01
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      error: 'Insufficient balance. You need ₹0.01 more.', code: 'insufficient_credit', key: 'insufficient_credit', params: { shortfall: '₹0.01' },
    });
    expect((await accountOf(customer.token)).owed).toBe('0.00');
    expect((await pay(code.qrData, { amount: '100' })).statusCode).toBe(201);
    expect((await accountOf(customer.token))).toMatchObject({ owed: '102.00', currentBalance: '0.00' });
  });

  it('refuses a payment above the per-payment maximum', async () => {
    const { generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const response = await pay(code.qrData, { amount: '100000.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'A payment cannot be more than ₹1,00,000.00', code: 'amount_above_maximum', key: 'amount_above_maximum', params: { maximum: '₹1,00,000.00' },
    });
  });

  it('refuses a dynamic code paid once', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate({ amount: '10' });
    expect((await pay(code.qrData)).statusCode).toBe(201);
    const again = await pay(code.qrData);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This payment code has already been paid', code: 'qr_already_used', key: 'qr_already_used', params: {} });
    expect((await validate(customer.token, code.qrData)).statusCode).toBe(409);
  });

  it('refuses an expired code at payment even though it was validated before expiry', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate({ amount: '10', expirationMinutes: 1 });
    expect((await validate(customer.token, code.qrData)).statusCode).toBe(200);
    ctx.clock.advance(60);
    const response = await pay(code.qrData);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('qr_expired');
    expect((await accountOf(customer.token)).owed).toBe('0.00');
  });

  it("checks the PIN under the account's own lockout: 403 with attempts left, then 429", async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate({ amount: '10' });
    const wrong = await pay(code.qrData, { pin: '9071' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Incorrect PIN. 4 attempts left.', code: 'pin_incorrect', key: 'pin_incorrect', params: { attemptsLeft: 4 }, attemptsLeft: 4 });
    for (let i = 0; i < 4; i++) await pay(code.qrData, { pin: '9071' });
    const locked = await pay(code.qrData);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'account_locked', retryAfterMinutes: 15 });
    // The customer's sessions and trusted devices share this counter.
    const trustedLogin = await ctx.app.inject({
      method: 'POST', url: '/api/auth/customer/login', cookies: { device: customer.deviceToken },
      payload: { phoneNumber: customer.phoneNumber, pin: customer.pin },
    });
    expect(trustedLogin.statusCode).toBe(429);
    expect((await accountOf(customer.token)).owed).toBe('0.00');
  });

  it('charges the fee rate recorded on the code even after the admin changes it', async () => {
    const { shop, generate, pay } = await paymentSetup(ctx, { feePercent: '1' });
    const code = await generate({ amount: '100' });
    await ctx.app.inject({
      method: 'POST', url: `/api/admin/businesses/${shop.businessId}/terms`,
      headers: bearer((await ctx.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email: 'admin@khata.test', pin: '3971' } })).json().sessionToken),
      payload: { transactionFeePercent: '5' },
    });
    expect((await pay(code.qrData)).json().transaction.fee).toBe('1.00');
    expect((await generate({ amount: '100' })).qrData).toBeTruthy();
  });

  it("names the shop's registered address and phone on the payment, its receipt and both histories", async () => {
    const { shop, customer, generate, pay } = await paymentSetup(ctx);
    await ctx.database.db.execute(sql`update businesses set address = '7 Station Road, Nashik' where id = ${shop.businessId}`);
    const code = await generate({ amount: '20' });
    const paid = (await pay(code.qrData, { key: 'shop-details-1' })).json().transaction;
    const shopDetails = { businessName: 'Kumar Kirana', address: '7 Station Road, Nashik', phone: shop.phoneNumber };
    expect(paid.business).toEqual(shopDetails);
    for (const token of [customer.token, shop.token]) {
      expect((await get(`/api/transactions/${paid.id}`, token)).json().transaction.business).toEqual(shopDetails);
    }
    expect((await get('/api/transactions/customer', customer.token)).json().transactions[0].business).toEqual(shopDetails);
    expect((await get('/api/transactions/business', shop.token)).json().transactions[0].business).toEqual(shopDetails);
    // A retry with the same key is answered from the stored answer, which names them too.
    const [stored] = rowsOf<{ response: string }>(await ctx.database.db.execute(sql`
      select response from idempotency_keys where key = 'shop-details-1'`));
    expect(JSON.parse(stored!.response)).toMatchObject({ businessAddress: '7 Station Road, Nashik', businessPhone: shop.phoneNumber });
    const replayed = await pay(code.qrData, { key: 'shop-details-1' });
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.json().transaction).toEqual(paid);
  });

  it("answers a key stored before receipts named the shop's address with the ledger row as it reads now", async () => {
    const { shop, customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const first = (await pay(code.qrData, { amount: '30', key: 'stored-before-1' })).json().transaction;
    // An answer as khata_pay stored it before the address and phone were part of it.
    await ctx.database.db.execute(sql`
      update idempotency_keys set response = ((response::jsonb - 'businessAddress') - 'businessPhone')::text
      where key = 'stored-before-1'`);
    const retry = await pay(code.qrData, { amount: '30', key: 'stored-before-1' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().transaction).toEqual(first);
    expect(retry.json().transaction.business).toEqual({ businessName: 'Kumar Kirana', address: '12 MG Road, Pune', phone: shop.phoneNumber });
    expect((await accountOf(customer.token)).owed).toBe('30.60');
  });

  it('answers a retry with the same Idempotency-Key with the first result and never charges twice', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const first = await pay(code.qrData, { amount: '40', key: 'attempt-0001' });
    const retry = await pay(code.qrData, { amount: '40', key: 'attempt-0001' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await accountOf(customer.token)).owed).toBe('40.80');
    const other = await pay(code.qrData, { amount: '41', key: 'attempt-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
  });

  it('charges once when the same key arrives many times at once', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    const code = await generate();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(code.qrData, { amount: '5', key: 'concurrent-key-1' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().transaction.id)).size).toBe(1);
    expect((await accountOf(customer.token)).owed).toBe('5.10');
  });

  it('never lets concurrent payments take an account past its limit', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx, { limit: '100', feePercent: '0' });
    const code = await generate();
    const answers = await Promise.all(Array.from({ length: 15 }, () => pay(code.qrData, { amount: '10' })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(5);
    expect((await accountOf(customer.token)).owed).toBe('100.00');
  });

  it('refuses another customer paying with a code they have no account for, and a merchant paying at all', async () => {
    const { generate, shop } = await paymentSetup(ctx);
    const other = await paymentSetup(ctx);
    const code = await generate({ amount: '10' });
    expect((await other.pay(code.qrData)).statusCode).toBe(422);
    const asMerchant = await ctx.app.inject({ method: 'POST', url: '/api/payments/process', headers: bearer(shop.token), payload: { qrData: code.qrData, pin: '5937' } });
    expect(asMerchant.statusCode).toBe(403);
  });
});

describe('history paging', () => {
  it('pages newest first with a cursor and filters by business', async () => {
    const setup = await paymentSetup(ctx, { limit: '50000' });
    const code = await setup.generate();
    for (let i = 1; i <= 20; i++) { await setup.pay(code.qrData, { amount: String(i) }); ctx.clock.advance(1); }
    const first = (await get('/api/transactions/customer', setup.customer.token)).json();
    expect(first.transactions).toHaveLength(15);
    expect(first.transactions[0].amount).toBe('20.00');
    const second = (await get(`/api/transactions/customer?cursor=${first.nextCursor}`, setup.customer.token)).json();
    expect(second.transactions.map((t: { amount: string }) => t.amount)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    expect(second.nextCursor).toBeNull();
    const filtered = (await get(`/api/transactions/customer?businessId=${setup.shop.businessId}&limit=100`, setup.customer.token)).json();
    expect(filtered.transactions).toHaveLength(20);
    const otherBusiness = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/transactions/customer?businessId=${otherBusiness}`, setup.customer.token)).json().transactions).toEqual([]);
    expect((await get('/api/transactions/customer?limit=0', setup.customer.token)).json().transactions).toHaveLength(1);
    expect((await get('/api/transactions/customer?cursor=bad', setup.customer.token)).statusCode).toBe(400);
  });
});

const repay = (token: string, accountId: string, amount: unknown) => ctx.app.inject({
  method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(token), payload: { amount },
});

describe('repayments', () => {
  it('records cash received: lowers what is owed and shows as a repayment in both histories', async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx, { feePercent: '0' });
    await pay((await generate()).qrData, { amount: '300' });
    ctx.clock.advance(1);
    const response = await repay(shop.token, accountId, '120.50');
    expect(response.statusCode).toBe(201);
    expect(response.json().transaction).toMatchObject({ type: 'repayment', amount: '120.50', fee: '0.00', totalAmount: '120.50' });
    expect(response.json().creditAccount).toMatchObject({ owed: '179.50', currentBalance: '820.50' });
    const history = (await get('/api/transactions/customer', customer.token)).json().transactions;
    expect(history.map((t: { type: string }) => t.type)).toEqual(['repayment', 'payment']);
    expect((await get('/api/business/stats', shop.token)).json().stats).toMatchObject({ creditIssued: '179.50', totalRevenue: '300.00', transactions: 1 });
  });

  it('refuses a repayment above what is owed, changing nothing', async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx, { feePercent: '0' });
    await pay((await generate()).qrData, { amount: '100' });
    const response = await repay(shop.token, accountId, '100.01');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Repayment cannot be more than what is owed (₹100.00)', code: 'repayment_above_owed', key: 'repayment_above_owed', params: { owed: '₹100.00' },
    });
    expect((await accountOf(customer.token)).owed).toBe('100.00');
    expect((await repay(shop.token, accountId, '0')).statusCode).toBe(400);
  });

  it("refuses a repayment on another business's account", async () => {
    const { accountId } = await paymentSetup(ctx);
    const other = await approvedBusiness(ctx);
    expect((await repay(other.token, accountId, '1')).statusCode).toBe(404);
  });
});

describe('ledger invariants', () => {
  it('keeps every owed amount equal to payments minus repayments', async () => {
    const { shop, accountId, generate, pay } = await paymentSetup(ctx, { limit: '5000' });
    const code = await generate();
    for (const amount of ['10', '20.55', '33.33']) await pay(code.qrData, { amount });
    await repay(shop.token, accountId, '15');
    const rows = rowsOf<{ drift: number }>(await ctx.database.db.execute(sql`
      select count(*)::int as drift from credit_accounts a
      where a.owed_paise <> coalesce((select sum(case when t.type = 'payment' then t.total_paise else -t.total_paise end)
                                       from transactions t where t.credit_account_id = a.id), 0)`));
    expect(rows[0]!.drift).toBe(0);
  });
});
