/**
 * A payment checks its session inside its own statement (khata_pay), with no lookup of
 * its own once this process has seen the token live, to save a round trip. These show
 * the check still refuses every dead session, wherever it died, and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdleTtlSeconds, sessionTouchIntervalSeconds } from '@common/limits';
import { rowsOf } from '../../db/client';
import { bearer, createTestContext, paymentSetup, withApp, type TestContext } from '../../test/context';
import { hashToken } from '../../tokens';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

async function ledgerRows(customerToken: string): Promise<number> {
  const rows = rowsOf<{ count: number }>(await ctx.database.db.execute(sql`
    select count(*)::int as count from transactions t join sessions s on s.user_id = t.customer_id
    where s.token_hash = ${hashToken(customerToken)}`));
  return rows[0]!.count;
}

async function idleExpiry(token: string): Promise<Date> {
  const rows = rowsOf<{ at: string | Date }>(await ctx.database.db.execute(sql`
    select idle_expires_at as at from sessions where token_hash = ${hashToken(token)}`));
  return new Date(rows[0]!.at);
}

describe('the session of a payment', () => {
  it('pays with a session this process has seen, and refuses it with 401 once another process signed it out', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    expect((await pay((await generate()).qrData, { amount: '10' })).statusCode).toBe(201);

    // Signed out through another app (another process): this one still remembers the token.
    await withApp(ctx, {}, async (other) => {
      const out = await other.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(customer.token) });
      expect(out.statusCode).toBe(200);
    });
    const refused = await pay((await generate()).qrData, { amount: '10' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'Please sign in to continue', code: 'not_signed_in', key: 'not_signed_in', params: {} });
    expect(await ledgerRows(customer.token)).toBe(1);
    // Forgotten once found dead: the next call is looked up, and refused alike before the handler.
    expect((await pay((await generate()).qrData, { amount: '10' })).json()).toEqual(refused.json());
    expect(await ledgerRows(customer.token)).toBe(1);
  });

  it('refuses a session revoked by a PIN change elsewhere, and one past its idle expiry', async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    expect((await pay((await generate()).qrData, { amount: '10' })).statusCode).toBe(201);
    await ctx.database.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(customer.token)}`);
    expect((await pay((await generate()).qrData, { amount: '10' })).statusCode).toBe(401);

    const second = await paymentSetup(ctx);
    expect((await second.pay((await second.generate()).qrData, { amount: '10' })).statusCode).toBe(201);
    const code = await second.generate();
    ctx.clock.advance(sessionIdleTtlSeconds + 1);
    try {
      const expired = await second.pay(code.qrData, { amount: '10' });
      expect(expired.statusCode).toBe(401);
      expect(await ledgerRows(second.customer.token)).toBe(1);
    } finally {
      ctx.clock.advance(-(sessionIdleTtlSeconds + 1));
    }
  });

  it("moves the session's idle expiry forward inside the payment, at most once an hour", async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    expect((await pay((await generate()).qrData, { amount: '1' })).statusCode).toBe(201);
    const before = await idleExpiry(customer.token);
    ctx.clock.advance(sessionTouchIntervalSeconds / 2);
    expect((await pay((await generate()).qrData, { amount: '1' })).statusCode).toBe(201);
    expect((await idleExpiry(customer.token)).getTime()).toBe(before.getTime());
    ctx.clock.advance(sessionTouchIntervalSeconds);
    expect((await pay((await generate()).qrData, { amount: '1' })).statusCode).toBe(201);
    expect((await idleExpiry(customer.token)).getTime()).toBe(ctx.clock().getTime() + sessionIdleTtlSeconds * 1000);
  });

  it("refuses a merchant's session on the payment route with 403", async () => {
    const { shop, generate } = await paymentSetup(ctx);
    const response = await ctx.app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(shop.token),
      payload: { qrData: (await generate()).qrData, pin: '1357', amount: '10' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the ledger key', () => {
  it("refuses a ledger row whose customer or business is not its account's", async () => {
    const first = await paymentSetup(ctx);
    const second = await paymentSetup(ctx);
    expect((await first.pay((await first.generate()).qrData, { amount: '5' })).statusCode).toBe(201);
    const attempt = ctx.database.db.execute(sql`
      insert into transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise, fee_paise,
                                fee_basis_points, total_paise, limit_paise_after, owed_paise_after, created_at)
      select gen_random_uuid(), 'repayment', 'completed', ${first.accountId}, a.customer_id, b.id, 1, 0, 0, 1, 0, 0, now()
      from credit_accounts a, businesses b where a.id = ${first.accountId} and b.id = ${second.shop.businessId}`);
    await expect(attempt).rejects.toThrow();
  });
});

describe('the request limits of the payment route', () => {
  it("counts a remembered token on its session's budget, and a made-up one on its address", async () => {
    const limited = await createTestContext({ config: { sessionRateLimitPerMinute: 4, rateLimitPerMinute: 12 } });
    try {
      const { customer, generate, pay } = await paymentSetup(limited, { limit: '10000' });
      const code = await generate();
      // The first payment looks the session up, the later ones are remembered: all count
      // on the session's 4 a minute (setting up spent some), then every one is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await pay(code.qrData, { amount: '1' })).statusCode);
      const paid = statuses.filter((status) => status === 201).length;
      expect(paid).toBeGreaterThanOrEqual(2);
      expect(paid).toBeLessThan(4);
      expect(statuses).toEqual([...Array(paid).fill(201), ...Array(6 - paid).fill(429)]);
      const madeUp = [];
      for (let i = 0; i < 6; i++) madeUp.push((await pay(code.qrData, { amount: '1', token: `made-up-token-${i}` })).statusCode);
      expect(madeUp.filter((status) => status === 401).length + madeUp.filter((status) => status === 429).length).toBe(6);
      expect(madeUp.at(-1)).toBe(429);
      const rows = rowsOf<{ count: number }>(await limited.database.db.execute(sql`
        select count(*)::int as count from transactions t join sessions s on s.user_id = t.customer_id
        where s.token_hash = ${hashToken(customer.token)}`));
      expect(rows[0]!.count).toBe(paid);
    } finally {
      await limited.close();
    }
  });
});
