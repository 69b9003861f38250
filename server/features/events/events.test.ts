import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReplayMarginSeconds, eventStreamRetryAfterSeconds } from '@common/limits';
import { businessEvent, ledgerEvent } from '@common/schemas/events';
import { buildApp, type KhataApp } from '../../app';
import { developmentSmsProvider } from '../../sms/development';
import { addDays, indiaDay, indiaDayStart } from '../../india-days';
import { testConfig } from '../../test/config';
import {
  adminToken, bearer, businessIdOf, createTestContext, inviteStaff, paymentSetup, registerBusiness, type TestContext,
} from '../../test/context';

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

const onPostgres = () => ctx.database.kind === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LedgerMessage { id: string; data: { transactionId: string; type: string } & Record<string, unknown> }

/**
 * Opens the event stream of a session on a listening app and parses what arrives.
 * `nextEvent` resolves with the next ledger event not yet taken; `events` holds them all.
 */
async function openStream(app: KhataApp | TestContext['app'], token: string, headers: Record<string, string> = {}) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const events: LedgerMessage[] = [];
  const statuses: string[] = [];
  let startId: string | null = null;
  let taken = 0;
  let body = '';
  let buffer = '';
  const waiters: (() => void)[] = [];
  const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { ...bearer(token), ...headers } });
  request.on('error', () => {});
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    body += chunk;
    buffer += chunk;
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop()!;
    for (const block of blocks) {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
      }
      if (fields.get('event') === 'ledger') {
        events.push({ id: fields.get('id')!, data: JSON.parse(fields.get('data')!) });
      } else if (fields.get('event') === 'business') {
        statuses.push(businessEvent.parse(JSON.parse(fields.get('data')!)).status);
      } else if (fields.has('id')) {
        startId = fields.get('id')!;
      }
    }
    if (events.length > taken) waiters.splice(0).forEach((wake) => wake());
  });
  const ended = new Promise<void>((resolve) => response.on('end', resolve));
  return {
    response,
    events,
    /** The statuses of `event: business` messages, in order. */
    statuses,
    get startId() { return startId; },
    /** The whole answer of a refused stream. */
    body: async () => { await ended; return body; },
    nextEvent: (timeoutMs = 5_000) => new Promise<LedgerMessage>((resolve, reject) => {
      if (events.length > taken) { resolve(events[taken++]!); return; }
      const timer = setTimeout(() => reject(new Error('no ledger event arrived')), timeoutMs);
      waiters.push(() => { clearTimeout(timer); resolve(events[taken++]!); });
    }),
    close: () => request.destroy(),
  };
}

/** The backends listening for ledger events on this test's database (PostgreSQL only). */
async function listeningBackends(database: TestContext['database']): Promise<number> {
  const result = await database.db.execute(sql`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and query = 'listen khata_ledger'`) as unknown as { rows: { count: number }[] };
  return result.rows[0]!.count;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
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
    const paid = await pay((await generate()).qrData, { amount: '50' });
    const stream = await openStream(ctx.app, customer.token);
    const repaid = await ctx.app.inject({
      method: 'POST', url: `/api/business/credit-accounts/${accountId}/repayment`, headers: bearer(shop.token), payload: { amount: '20' },
    });
    expect(repaid.statusCode).toBe(201);
    let event = await stream.nextEvent();
    // The payment just before may come first: its notification leaves after its commit,
    // so it can reach a stream opened after the payment's answer. It is the customer's too.
    if (event.id === paid.json().transaction.id) event = await stream.nextEvent();
    expect(event).toEqual({ id: repaid.json().transaction.id, data: expect.objectContaining({ transactionId: repaid.json().transaction.id, type: 'repayment' }) });
    stream.close();
  });

  it("carries the row's figures and names, in the shape the web parses, so the merchant's screen can announce it", async () => {
    const { shop, generate, pay } = await paymentSetup(ctx, { feePercent: '2' });
    const stream = await openStream(ctx.app, shop.token);
    const paid = (await pay((await generate()).qrData, { amount: '250.50' })).json().transaction;
    const event = await stream.nextEvent();
    expect(ledgerEvent.safeParse(event.data).success).toBe(true);
    expect(event).toEqual({
      id: paid.id,
      data: {
        transactionId: paid.id, type: 'payment', amount: '250.50', fee: '5.01', totalAmount: '255.51',
        customerName: 'Asha Verma', businessName: 'Kumar Kirana', createdAt: paid.createdAt,
      },
    });
    stream.close();
  });

  it("tells a pending merchant's open app of the admin's decision, and no one else's", async () => {
    const pending = await registerBusiness(ctx);
    const bystander = await registerBusiness(ctx);
    const mine = await openStream(ctx.app, pending.token);
    const theirs = await openStream(other.app, bystander.token);
    const decided = await ctx.app.inject({
      method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
      payload: { businessIds: [await businessIdOf(ctx, pending.token)], action: 'reject', reason: 'Address could not be verified' },
    });
    expect(decided.statusCode).toBe(200);
    await until(async () => mine.statuses.length > 0);
    expect(mine.statuses).toEqual(['rejected']);
    await sleep(500);
    expect(theirs.statuses).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('sends a decision through another server process too', async () => {
    const pending = await registerBusiness(ctx);
    const elsewhere = await openStream(other.app, pending.token);
    await ctx.app.inject({
      method: 'POST', url: '/api/admin/businesses/approve', headers: bearer(await adminToken(ctx)),
      payload: { businessIds: [await businessIdOf(ctx, pending.token)], action: 'approve' },
    });
    await until(async () => elsewhere.statuses.length > 0);
    expect(elsewhere.statuses).toEqual(['approved']);
    elsewhere.close();
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

describe('replay with Last-Event-ID', () => {
  it('names each event by its ledger row and replays a missed payment exactly once, nothing before the last id', async () => {
    const { shop, generate, pay } = await paymentSetup(ctx);
    const before = await pay((await generate()).qrData, { amount: '5' });
    expect(before.statusCode).toBe(201);
    // Past the replay margin: the earlier payment can no longer be in any replay window.
    ctx.clock.advance(eventReplayMarginSeconds + 1);

    const first = await openStream(ctx.app, shop.token);
    const seen = await pay((await generate()).qrData, { amount: '10' });
    const seenId = seen.json().transaction.id as string;
    expect(await first.nextEvent()).toEqual({ id: seenId, data: expect.objectContaining({ transactionId: seenId, type: 'payment' }) });
    first.close();

    // Made while no stream was open: only the ledger has it.
    const missed = await pay((await generate()).qrData, { amount: '20' });
    const missedId = missed.json().transaction.id as string;
    const again = await openStream(ctx.app, shop.token, { 'last-event-id': seenId });
    expect((await again.nextEvent()).id).toBe(missedId);
    await sleep(500);
    expect(again.events.map((event) => event.id)).toEqual([missedId]);

    // And live events keep coming on the reconnected stream, once each.
    const live = await pay((await generate()).qrData, { amount: '30' });
    expect((await again.nextEvent()).id).toBe(live.json().transaction.id);
    await sleep(300);
    expect(again.events.map((event) => event.id)).toEqual([missedId, live.json().transaction.id]);
    again.close();
  });

  it("replays from a stream's start id when no event had arrived before it dropped", async () => {
    const { customer, generate, pay } = await paymentSetup(ctx);
    ctx.clock.advance(eventReplayMarginSeconds + 1);
    const first = await openStream(ctx.app, customer.token);
    await until(async () => first.startId !== null);
    first.close();
    const missed = await pay((await generate()).qrData, { amount: '15' });
    const again = await openStream(ctx.app, customer.token, { 'last-event-id': first.startId! });
    expect((await again.nextEvent()).id).toBe(missed.json().transaction.id);
    await sleep(300);
    expect(again.events).toHaveLength(1);
    again.close();
  });

  it("replays nothing from before a stream's start: those rows were on the page it loaded", async () => {
    const { shop, generate, pay } = await paymentSetup(ctx);
    ctx.clock.advance(eventReplayMarginSeconds + 1);
    const before = await pay((await generate()).qrData, { amount: '5' });
    // Well inside the 60 s a real event id's replay reaches back, past a start id's 2 s.
    ctx.clock.advance(10);
    const settled = await openStream(ctx.app, shop.token);
    // The payment's notification leaves after its commit: it may still reach this stream.
    await sleep(300);
    settled.close();
    const first = await openStream(ctx.app, shop.token);
    await until(async () => first.startId !== null);
    expect(first.startId).toMatch(/-000000000000$/);
    first.close();
    const missed = await pay((await generate()).qrData, { amount: '15' });
    const again = await openStream(ctx.app, shop.token, { 'last-event-id': first.startId! });
    expect((await again.nextEvent()).id).toBe(missed.json().transaction.id);
    await sleep(300);
    expect(again.events.map((event) => event.id)).toEqual([missed.json().transaction.id]);
    expect(again.events.map((event) => event.id)).not.toContain(before.json().transaction.id);
    again.close();
  });

  it("replays nothing from before today's India midnight to a role without the history, and today's rows still", async () => {
    // Half an hour before the next India midnight, then half an hour after it.
    const midnight = indiaDayStart(addDays(indiaDay(ctx.clock()), 1));
    ctx.clock.set(new Date(midnight.getTime() - 30 * 60_000));
    const { shop, generate, pay } = await paymentSetup(ctx);
    const cashier = await inviteStaff(ctx, shop.token, { role: 'cashier' });
    const manager = await inviteStaff(ctx, shop.token, { role: 'manager' });
    const older = await pay((await generate()).qrData, { amount: '5' });
    ctx.clock.advance(2);
    const yesterday = await pay((await generate()).qrData, { amount: '6' });
    ctx.clock.set(new Date(midnight.getTime() + 30 * 60_000));
    const today = await pay((await generate()).qrData, { amount: '7' });
    for (const paid of [older, yesterday, today]) expect(paid.statusCode, paid.body).toBe(201);
    // Their notifications leave after the commits: let them pass before the streams open.
    await sleep(300);
    const lastEventId = older.json().transaction.id as string;
    const todayId = today.json().transaction.id as string;

    // The manager reads the whole history: yesterday's row is replayed.
    const managers = await openStream(ctx.app, manager.token, { 'last-event-id': lastEventId });
    expect((await managers.nextEvent()).id).toBe(yesterday.json().transaction.id);
    expect((await managers.nextEvent()).id).toBe(todayId);
    managers.close();
    // A cashier lists only today's rows, and hears no more of them here.
    const cashiers = await openStream(ctx.app, cashier.token, { 'last-event-id': lastEventId });
    expect(await cashiers.nextEvent()).toEqual({ id: todayId, data: expect.objectContaining({ transactionId: todayId, amount: '7.00' }) });
    await sleep(300);
    expect(cashiers.events.map((event) => event.id)).toEqual([todayId]);
    cashiers.close();
  });

  it('treats a malformed Last-Event-ID as absent', async () => {
    const { shop, generate, pay } = await paymentSetup(ctx);
    // The payment's notification leaves after its commit: let it arrive before the streams
    // under test open, or one of them would see it live.
    const settled = await openStream(ctx.app, shop.token);
    await pay((await generate()).qrData, { amount: '5' });
    await settled.nextEvent();
    settled.close();
    for (const lastEventId of ['not-an-id', "'; drop table transactions; --", '00000000-0000-4000-8000-000000000000', 'x'.repeat(2000)]) {
      const stream = await openStream(ctx.app, shop.token, { 'last-event-id': lastEventId });
      expect(stream.response.statusCode).toBe(200);
      await expect(stream.nextEvent(300)).rejects.toThrow('no ledger event arrived');
      stream.close();
    }
  });
});

describe('listening', () => {
  it('concurrent first callers on a fresh app share one listening connection', async () => {
    const fresh = await createTestContext({ config: { eventStreamSeconds: 60 } });
    try {
      const { shop, customer, generate, pay } = await paymentSetup(fresh);
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const tokens = [shop.token, shop.token, shop.token, shop.token, customer.token, customer.token, customer.token, customer.token];
      const streams = await Promise.all(tokens.map((token) => openStream(fresh.app, token)));
      expect(streams.map((stream) => stream.response.statusCode)).toEqual(tokens.map(() => 200));
      if (fresh.database.kind === 'postgres') expect(await listeningBackends(fresh.database)).toBe(1);
      // One listener means one delivery: each stream sees the payment exactly once.
      const paid = await pay((await generate()).qrData, { amount: '10' });
      await Promise.all(streams.map((stream) => stream.nextEvent()));
      await sleep(500);
      expect(streams.map((stream) => stream.events.length)).toEqual(tokens.map(() => 1));
      expect(streams[0]!.events[0]!.id).toBe(paid.json().transaction.id);
      for (const stream of streams) stream.close();
    } finally {
      await fresh.close();
    }
  });

  it('on PostgreSQL, a terminated listening backend reconnects and the payment arrives exactly once', async ({ skip }) => {
    // PGlite runs inside this process: there is no listening backend to terminate.
    if (!onPostgres()) skip('PGlite has no separate listening backend to terminate');
    const { shop, generate, pay } = await paymentSetup(ctx);
    const stream = await openStream(ctx.app, shop.token);
    const listening = await listeningBackends(ctx.database);
    expect(listening).toBeGreaterThanOrEqual(1);
    const terminated = await ctx.database.db.execute(sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = current_database() and query = 'listen khata_ledger'`) as unknown as { rows: unknown[] };
    expect(terminated.rows).toHaveLength(listening);

    // Paid at once, most likely while nobody listens: the catch-up replay brings it.
    const paid = await pay((await generate()).qrData, { amount: '10' });
    const paidId = paid.json().transaction.id as string;
    expect((await stream.nextEvent(10_000)).id).toBe(paidId);
    // Every app (each stands for a process) listens again, within the 2-second backoff.
    await until(async () => (await listeningBackends(ctx.database)) === listening, 5_000);
    await sleep(500);
    expect(stream.events.map((event) => event.id)).toEqual([paidId]);

    // And the new connection carries live events, once each.
    const next = await pay((await generate()).qrData, { amount: '20' });
    expect((await stream.nextEvent()).id).toBe(next.json().transaction.id);
    await sleep(500);
    expect(stream.events.map((event) => event.id)).toEqual([paidId, next.json().transaction.id]);
    stream.close();
  });
});

describe('stream caps', () => {
  it('refuses a fifth stream of one session with 429, still serves another session, and frees a closed place', async () => {
    const { shop, customer } = await paymentSetup(ctx);
    const four = await Promise.all([1, 2, 3, 4].map(() => openStream(ctx.app, shop.token)));
    expect(four.map((stream) => stream.response.statusCode)).toEqual([200, 200, 200, 200]);
    const fifth = await openStream(ctx.app, shop.token);
    expect(fifth.response.statusCode).toBe(429);
    expect(fifth.response.headers['retry-after']).toBe(String(eventStreamRetryAfterSeconds));
    expect(JSON.parse(await fifth.body())).toEqual({
      error: 'Live updates are already open in 4 windows of this sign-in. Close one and try again.',
      code: 'rate_limited', key: 'streams_per_session_full', params: { windows: 4 },
    });
    const theirs = await openStream(ctx.app, customer.token);
    expect(theirs.response.statusCode).toBe(200);

    four[0]!.close();
    let replacement: Awaited<ReturnType<typeof openStream>> | undefined;
    await until(async () => {
      replacement?.close();
      replacement = await openStream(ctx.app, shop.token);
      return replacement.response.statusCode === 200;
    });
    for (const stream of [...four, theirs, replacement!]) stream.close();
  });

  it('refuses streams past the per-process cap', async () => {
    const capped = await buildApp({
      db: ctx.database.db, config: testConfig({ eventStreamSeconds: 60 }), sms: developmentSmsProvider(() => {}),
      clock: ctx.clock, eventStreams: { totalMax: 2 },
    });
    try {
      const [a, b, c] = await Promise.all([paymentSetup(ctx), paymentSetup(ctx), paymentSetup(ctx)]);
      const open = [await openStream(capped, a.shop.token), await openStream(capped, b.customer.token)];
      expect(open.map((stream) => stream.response.statusCode)).toEqual([200, 200]);
      const refused = await openStream(capped, c.shop.token);
      expect(refused.response.statusCode).toBe(429);
      expect(refused.response.headers['retry-after']).toBe(String(eventStreamRetryAfterSeconds));
      expect(JSON.parse(await refused.body())).toEqual({
        error: 'Live updates are busy right now. They will resume shortly.', code: 'rate_limited', key: 'streams_busy', params: {},
      });
      for (const stream of open) stream.close();
    } finally {
      await capped.close();
    }
  });
});

describe('when the server stops', () => {
  it('tells each open stream to reconnect, after a delay of its own within 0.5–5 s, then ends it', async () => {
    const stopping = await buildApp({
      db: ctx.database.db, config: testConfig({ eventStreamSeconds: 60 }), sms: developmentSmsProvider(() => {}), clock: ctx.clock,
    });
    const { shop, customer } = await paymentSetup(ctx);
    const streams = [await openStream(stopping, shop.token), await openStream(stopping, customer.token)];
    await stopping.close();
    for (const stream of streams) {
      const body = await stream.body();
      const ending = /retry: (\d+)\nevent: reconnect\ndata: \{\}\n\n$/.exec(body);
      expect(ending, body).not.toBeNull();
      expect(Number(ending![1])).toBeGreaterThanOrEqual(500);
      expect(Number(ending![1])).toBeLessThanOrEqual(5_000);
    }
  });
});
