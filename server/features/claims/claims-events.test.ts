/**
 * Repayment claims on the live events stream, through real streams on listening
 * apps: `event: claim` to the merchant when a claim is made, to both sides when it is
 * decided, also across two server processes; a confirmation also sends the ledger event.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEvent, type ClaimEventData } from '@common/schemas/events';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';
import { openEventStream, sleep, until } from '../../test/event-stream';

let ctx: TestContext;
let other: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { eventStreamSeconds: 60 } });
  // A second app on the same database stands for a second server process.
  other = await createTestContext({ database: ctx.database, config: { eventStreamSeconds: 60 } });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** Opens a session's event stream on a listening app and collects its `claim` and `ledger` messages. */
async function openStream(app: TestContext['app'], token: string) {
  const { messages, close } = await openEventStream(app, token, ['claim', 'ledger']);
  return {
    messages,
    // As sent, every field, once it has passed the schema the web parses it with.
    claims: () => messages.filter((m) => m.event === 'claim').map((m) => {
      claimEvent.parse(m.data);
      return m.data as unknown as ClaimEventData;
    }),
    ledger: () => messages.filter((m) => m.event === 'ledger').map((m) => m.data as { transactionId: string; type: string }),
    close,
  };
}

async function owingSetup() {
  const s = await paymentSetup(ctx, { limit: '5000', feePercent: '0' });
  await ctx.database.db.execute(sql`update businesses set upi_vpa = 'kumarkirana@okaxis' where id = ${s.shop.businessId}`);
  await s.pay((await s.generate()).qrData, { amount: '500' });
  return s;
}

describe('event: claim', () => {
  it("tells the merchant's screens of a new claim, on both server processes, and not the customer's", async () => {
    const s = await owingSetup();
    const outsider = await owingSetup();
    const here = await openStream(ctx.app, s.shop.token);
    const elsewhere = await openStream(other.app, s.shop.token);
    const customer = await openStream(ctx.app, s.customer.token);
    const otherShop = await openStream(ctx.app, outsider.shop.token);
    const created = await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token),
      payload: { amount: '120.50', upiReference: '123456789012' },
    });
    expect(created.statusCode).toBe(201);
    const expected: ClaimEventData = {
      claimId: created.json().claim.id, creditAccountId: s.accountId, businessId: s.shop.businessId, status: 'pending',
      amount: '120.50', customerName: 'Asha Verma', businessName: 'Kumar Kirana',
    };
    await until(() => here.claims().length > 0 && elsewhere.claims().length > 0);
    expect(here.claims()).toEqual([expected]);
    expect(elsewhere.claims()).toEqual([expected]);
    // A claim has no id: a reconnect's Last-Event-ID stays the ledger's.
    expect(here.messages.find((m) => m.event === 'claim')!.id).toBeUndefined();
    await sleep(300);
    expect(customer.claims()).toEqual([]);
    expect(otherShop.claims()).toEqual([]);
    for (const stream of [here, elsewhere, customer, otherShop]) stream.close();
  });

  it('tells both sides of a confirmation, with the ledger event of its repayment', async () => {
    const s = await owingSetup();
    // Streams open before the claim is made: its 'pending' event must not arrive, late, on a stream opened after it.
    const merchant = await openStream(ctx.app, s.shop.token);
    const customer = await openStream(other.app, s.customer.token);
    const id = (await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token), payload: { amount: 200 },
    })).json().claim.id as string;
    await until(() => merchant.claims().some((c) => c.claimId === id));
    const confirmed = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${id}/confirm`, headers: bearer(s.shop.token), payload: { amount: 150 },
    });
    expect(confirmed.statusCode).toBe(201);
    const transactionId = confirmed.json().transaction.id as string;
    for (const stream of [merchant, customer]) {
      await until(() => stream.claims().some((c) => c.status === 'confirmed') && stream.ledger().some((l) => l.transactionId === transactionId));
      const told = { claimId: id, creditAccountId: s.accountId, businessId: s.shop.businessId, amount: '200.00', customerName: 'Asha Verma', businessName: 'Kumar Kirana' };
      // The merchant heard of the claim when it was made; the customer, who made it, hears only its outcome.
      const statuses = stream === merchant ? ['pending', 'confirmed'] as const : ['confirmed'] as const;
      expect(stream.claims().filter((c) => c.claimId === id)).toEqual(statuses.map((status) => ({ ...told, status })));
      expect(stream.ledger().find((l) => l.transactionId === transactionId)).toMatchObject({ type: 'repayment', amount: '150.00' });
    }
    merchant.close();
    customer.close();
  });

  it('tells both sides of a decline, and nothing of a refused confirmation', async () => {
    const s = await owingSetup();
    const merchant = await openStream(other.app, s.shop.token);
    const customer = await openStream(ctx.app, s.customer.token);
    const id = (await ctx.app.inject({
      method: 'POST', url: `/api/credit-accounts/${s.accountId}/repayment-claims`, headers: bearer(s.customer.token), payload: { amount: 50 },
    })).json().claim.id as string;
    await until(() => merchant.claims().some((c) => c.claimId === id));
    const declined = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${id}/decline`, headers: bearer(s.shop.token), payload: { reason: 'Not received' },
    });
    expect(declined.statusCode).toBe(200);
    const declinedOf = (stream: typeof merchant) => stream.claims().filter((c) => c.status === 'declined');
    for (const stream of [merchant, customer]) {
      await until(() => declinedOf(stream).length > 0);
      expect(declinedOf(stream)).toEqual([expect.objectContaining({ claimId: id, status: 'declined', amount: '50.00' })]);
      // Before it, the merchant heard only of the claim itself, and the customer nothing.
      expect(stream.claims().map((c) => c.status)).toEqual(stream === merchant ? ['pending', 'declined'] : ['declined']);
    }
    const refused = await ctx.app.inject({
      method: 'POST', url: `/api/business/repayment-claims/${id}/confirm`, headers: bearer(s.shop.token), payload: {},
    });
    expect(refused.statusCode).toBe(409);
    await sleep(300);
    for (const stream of [merchant, customer]) {
      expect(declinedOf(stream)).toHaveLength(1);
      expect(stream.claims().filter((c) => c.status === 'confirmed')).toEqual([]);
      // The payment before the claim may still arrive (its notice leaves after its commit); no repayment may.
      expect(stream.ledger().filter((l) => l.type !== 'payment')).toEqual([]);
    }
    merchant.close();
    customer.close();
  });
});
