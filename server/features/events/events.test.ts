import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, paymentSetup, type TestContext } from '../../test/context';

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

/** Opens the event stream of a session on a listening app; resolves on the first ledger event. */
async function openStream(app: TestContext['app'], token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  let received = 0;
  const waiters: (() => void)[] = [];
  const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: bearer(token) });
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    received += chunk.split('event: ledger').length - 1;
    if (received > 0) waiters.splice(0).forEach((wake) => wake());
  });
  return {
    response,
    nextEvent: (timeoutMs = 5_000) => new Promise<void>((resolve, reject) => {
      if (received > 0) { received -= 1; resolve(); return; }
      const timer = setTimeout(() => reject(new Error('no ledger event arrived')), timeoutMs);
      waiters.push(() => { clearTimeout(timer); received -= 1; resolve(); });
    }),
    close: () => request.destroy(),
  };
}

describe('GET /api/events', () => {
  it("tells the merchant's open screen when a payment lands, also through another server process", async () => {
    const { shop, generate, pay } = await paymentSetup(ctx);
    const here = await openStream(ctx.app, shop.token);
    const elsewhere = await openStream(other.app, shop.token);
    expect(here.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(here.response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await pay((await generate()).qrData, { amount: '10' })).statusCode).toBe(201);
    await Promise.all([here.nextEvent(), elsewhere.nextEvent()]);
    here.close();
    elsewhere.close();
  });

  it("tells the customer's open screen when the merchant records a repayment", async () => {
    const { shop, customer, accountId, generate, pay } = await paymentSetup(ctx);
    await pay((await generate()).qrData, { amount: '50' });
    const stream = await openStream(ctx.app, customer.token);
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '20' },
    });
    expect(repaid.statusCode).toBe(201);
    await stream.nextEvent();
    stream.close();
  });

  it('sends nothing about other merchants', async () => {
    const mine = await paymentSetup(ctx);
    const theirs = await paymentSetup(ctx);
    const stream = await openStream(ctx.app, mine.shop.token);
    await theirs.pay((await theirs.generate()).qrData, { amount: '10' });
    await expect(stream.nextEvent(1_000)).rejects.toThrow('no ledger event arrived');
    stream.close();
  });

  it('is for customers and merchants only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });
});
