/**
 * The payment guarantees under real parallelism (PostgreSQL runs these requests at once;
 * PGlite serialises them): the limit, single-use codes, idempotency, and nothing written
 * on a refusal. Every test ends with the ledger reconciled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reconcile } from '../../ledger/reconcile';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterEach(async () => {
  const report = await reconcile(ctx.database.db);
  expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
});
afterAll(async () => { await ctx.close(); });

const counts = async () => rowsOf<{ transactions: number; keys: number; owed: number }>(await ctx.database.db.execute(sql`
  select (select count(*)::int from transactions) as transactions, (select count(*)::int from idempotency_keys) as keys,
         (select coalesce(sum(owed_paise), 0)::bigint from credit_accounts) as owed`))[0]!;

describe('concurrent payments', () => {
  it('lets exactly ⌊limit ÷ total⌋ of 200 concurrent payments through, refusing the rest with 422', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx, { limit: '1000', feePercent: '2' });
    const code = await generate();
    // Each pays ₹30 + ₹0.60 fee = ₹30.60: ⌊1000 ÷ 30.60⌋ = 32.
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(code.qrData, { amount: '30' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(32);
    expect(statuses.filter((s) => s === 422)).toHaveLength(168);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/credit-accounts/customer', headers: bearer(customer.token) })).json().creditAccounts[0];
    expect(account).toMatchObject({ owed: '979.20', currentBalance: '20.80' });
  });

  it('pays a dynamic code exactly once among 100 concurrent payments', async () => {
    const { generate, pay } = await paymentSetup(ctx, { limit: '50000' });
    const code = await generate({ amount: '10' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => pay(code.qrData)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(99);
  });

  it('answers the same Idempotency-Key 50 times in sequence and 50 times at once with one transaction', async () => {
    const { generate, pay } = await paymentSetup(ctx, { limit: '50000' });
    const code = await generate();
    const before = await counts();
    const sequential = [];
    for (let i = 0; i < 50; i++) sequential.push(await pay(code.qrData, { amount: '7.77', key: 'sequential-key-0001' }));
    const parallel = await Promise.all(Array.from({ length: 50 }, () => pay(code.qrData, { amount: '7.77', key: 'parallel-key-00001' })));
    for (const group of [sequential, parallel]) {
      expect(group.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
      expect(new Set(group.map((a) => a.body)).size).toBe(1);
    }
    const after = await counts();
    expect(after.transactions - before.transactions).toBe(2);
    expect(after.keys - before.keys).toBe(2);
  });
});

describe('refusals write nothing', () => {
  it.each([
    ['an expired code', async (s: Awaited<ReturnType<typeof paymentSetup>>) => {
      const code = await s.generate({ expirationMinutes: 1, amount: '5' });
      ctx.clock.advance(61);
      return s.pay(code.qrData, { key: 'expired-code-key-1' });
    }, 422],
    ['a forged token', async (s: Awaited<ReturnType<typeof paymentSetup>>) => s.pay('https://khata.example/pay/ZZZZZZZZZZZZZZZZZZZZZZ'), 404],
    ['malformed qrData', async (s: Awaited<ReturnType<typeof paymentSetup>>) => s.pay('not a code at all'), 400],
    ['an amount of 0', async (s: Awaited<ReturnType<typeof paymentSetup>>) => s.pay((await s.generate()).qrData, { amount: '0' }), 400],
    ['an amount with 3 decimals', async (s: Awaited<ReturnType<typeof paymentSetup>>) => s.pay((await s.generate()).qrData, { amount: '1.001' }), 400],
  ] as const)('refuses %s and writes nothing', async (_label, attempt, status) => {
    const setup = await paymentSetup(ctx, { limit: '50000' });
    const before = await counts();
    const response = await attempt(setup);
    expect(response.statusCode).toBe(status);
    expect(await counts()).toEqual(before);
  });

  it('charges the amount of a dynamic code, ignoring a static amount sent with it', async () => {
    const { generate, pay } = await paymentSetup(ctx, { limit: '50000' });
    const response = await pay((await generate({ amount: '12' })).qrData, { amount: '9999' });
    expect(response.json().transaction.amount).toBe('12.00');
  });

  it('refuses a code of a business that is no longer approved', async () => {
    // No API un-approves a business; the status is flipped under a real code to show the
    // payment checks it at payment time, not only when the code was made.
    const { shop, generate, pay } = await paymentSetup(ctx, { limit: '50000' });
    const code = await generate({ amount: '5' });
    await ctx.database.db.execute(sql`update businesses set status = 'rejected' where id = ${shop.businessId}`);
    const before = await counts();
    const response = await pay(code.qrData);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'This business is not approved to take payments', code: 'business_not_approved', key: 'business_not_approved', params: {} });
    expect(await counts()).toEqual(before);
  });
});
