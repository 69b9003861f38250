/**
 * What a shop's people hear on the events stream (docs/security.md, "Staff and roles"): only
 * roles that decide claims hear claims and reports, and a revocation of a membership the
 * session no longer acts as closes the old stream without signing the person out. (A
 * cashier's replay stays within today: events.test.ts, "replay with Last-Event-ID".)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedBusiness, bearer, createTestContext, inviteStaff, paymentSetup, type TestContext } from '../../test/context';
import { openEventStream, sleep, until } from '../../test/event-stream';

let ctx: TestContext;
// Streams last a minute here, so each stays open for as long as the test reads it.
const streamsOpen = { eventStreamSeconds: 60 };
beforeAll(async () => { ctx = await createTestContext({ config: streamsOpen }); });
afterAll(async () => { await ctx.close(); });

describe('a role that may not decide claims', () => {
  it('hears no claim or report; a role that decides them does', async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    const paid = await pay((await generate()).qrData, { amount: '40' });
    expect(paid.statusCode, paid.body).toBe(201);
    await ctx.database.db.execute(sql`
      update businesses set upi_vpa = 'shop@okaxis' where id = (select business_id from credit_accounts where id = ${accountId})`);
    await sleep(300);
    const named = ['claim', 'report'];
    const streams = {
      cashier: await openEventStream(ctx.app, cashier.token, named),
      manager: await openEventStream(ctx.app, manager.token, named),
      owner: await openEventStream(ctx.app, shop.token, named),
    };
    try {
      const claimed = await ctx.app.inject({
        method: 'POST', url: `/api/credit-accounts/${accountId}/repayment-claims`, headers: bearer(customer.token), payload: { amount: '10' },
      });
      expect(claimed.statusCode, claimed.body).toBe(201);
      const reported = await ctx.app.inject({
        method: 'POST', url: `/api/transactions/${paid.json().transaction.id}/report`, headers: bearer(customer.token),
        payload: { reason: 'wrong_amount' },
      });
      expect(reported.statusCode, reported.body).toBe(201);
      await until(() => streams.manager.messages.length >= 2 && streams.owner.messages.length >= 2);
      expect(streams.manager.messages.map((m) => m.event)).toEqual(['claim', 'report']);
      await sleep(300);
      expect(streams.cashier.messages).toEqual([]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});

describe('a revocation of a membership the session no longer acts as', () => {
  it('closes the stream that followed the old shop without signing the person out of the new one', async () => {
    const first = await approvedBusiness(ctx);
    const second = await approvedBusiness(ctx);
    const atFirst = await inviteStaff(ctx, first.token, { role: 'cashier' });
    const atSecond = await inviteStaff(ctx, second.token, { role: 'cashier', phoneNumber: atFirst.phoneNumber });
    // The first session follows the first shop, then the person picks the second on it.
    const stream = await openEventStream(ctx.app, atFirst.token, ['signed_out']);
    const signedOut = await openEventStream(ctx.app, atSecond.token, ['signed_out']);
    try {
      const picked = await ctx.app.inject({
        method: 'POST', url: '/api/staff/shop', headers: bearer(atFirst.token), payload: { memberId: atSecond.memberId },
      });
      expect(picked.statusCode, picked.body).toBe(200);
      const revoked = await ctx.app.inject({
        method: 'POST', url: `/api/business/staff/${atFirst.memberId}/revoke`, headers: bearer(first.token),
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      await stream.ended;
      expect(stream.messages).toEqual([]);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(atFirst.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().shop).toMatchObject({ memberId: atSecond.memberId });
      // The second shop's own stream is not touched.
      await sleep(200);
      expect(signedOut.messages).toEqual([]);
    } finally {
      stream.close();
      signedOut.close();
    }
  });
});
