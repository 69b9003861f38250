/**
 * Read routing (db/read-routing.ts, plugins/read-after-write.ts) through the real app. The
 * "replica" here is a second fresh database that never receives the primary's rows: a
 * replica as far behind as one can be, so every answer shows where it was read. The
 * streaming replica itself is in resilience/read-replica.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type KhataApp } from '../app';
import { clockSlackMs, freshUntilCookie } from '../plugins/read-after-write';
import { developmentSmsProvider } from '../sms/development';
import { testConfig } from '../test/config';
import { adminToken, bearer, cookieFrom, createTestContext, paymentSetup, type TestContext } from '../test/context';
import { openTestDatabase } from '../test/database';
import { openPostgres, type Database } from './client';
import { createReadRouting, replicaRetryAfterMs, type ReadRouting, type ReplicaState } from './read-routing';

const readAfterWriteSeconds = 10;
const pinPeppers = new Map([[1, randomBytes(32)]]);

let ctx: TestContext;
let replica: Database;
let setup: Awaited<ReturnType<typeof paymentSetup>>;
const opened: { app: KhataApp; reads: ReadRouting }[] = [];

/** An app on ctx's database (the primary) whose lagging reads go to `replicaDb`. */
async function appWithReplica(replicaDb: Pick<Database, 'db' | 'close'>) {
  const reads = createReadRouting({ primary: ctx.database.db, replica: replicaDb, readAfterWriteSeconds, now: () => ctx.clock().getTime() });
  const app = await buildApp({
    db: ctx.database.db, config: testConfig({ pinPeppers }), sms: developmentSmsProvider(() => {}), clock: ctx.clock, reads,
  });
  opened.push({ app, reads });
  return { app, reads };
}

beforeAll(async () => {
  ctx = await createTestContext({ config: { pinPeppers } });
  replica = await openTestDatabase();
  setup = await paymentSetup(ctx, { limit: '5000' });
});

afterAll(async () => {
  for (const { app } of opened) await app.close();
  await replica.close();
  await ctx.close();
});

const ids = (response: LightMyRequestResponse) =>
  (response.json() as { transactions: { id: string }[] }).transactions.map((row) => row.id);

/** India dates around the test clock's day, for a statement's range. */
const statementUrl = (accountId: string) => `/api/credit-accounts/${accountId}/statement?from=2026-11-01&to=2026-11-30`;

async function payThrough(app: KhataApp) {
  const { qrData } = await setup.generate();
  const paid = await app.inject({
    method: 'POST', url: '/api/payments/process', headers: bearer(setup.customer.token),
    payload: { qrData, pin: setup.customer.pin, amount: '10' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { id: paid.json().transaction.id as string, cookie: cookieFrom(paid, freshUntilCookie) };
}

describe('without DATABASE_READ_URL', () => {
  it('reads every history from the primary and sets no fresh_until cookie', async () => {
    const paid = await payThrough(ctx.app);
    expect(paid.cookie).toBeUndefined();
    ctx.clock.advance(3600);
    const history = await ctx.app.inject({ url: '/api/transactions/business', headers: bearer(setup.shop.token) });
    expect(ids(history)).toContain(paid.id);
  });
});

describe('with a replica', () => {
  it('reads the shop\'s older history, statement and the admin\'s analytics from the replica, its newest page from the primary', async () => {
    const { app, reads } = await appWithReplica(replica);
    expect(reads.state()).toBe('up');
    const older = await payThrough(ctx.app);
    ctx.clock.advance(1);
    const paid = await payThrough(ctx.app);

    // The newest page is what a live event makes the shop refetch: the primary's, so it holds
    // the payment the event announced, though the shop's session wrote nothing.
    const shopHistory = await app.inject({ url: '/api/transactions/business?limit=1', headers: bearer(setup.shop.token) });
    expect(shopHistory.statusCode).toBe(200);
    expect(ids(shopHistory)).toEqual([paid.id]);
    const customerHistory = await app.inject({ url: '/api/transactions/customer', headers: bearer(setup.customer.token) });
    expect(ids(customerHistory)).toContain(paid.id);
    // An older page (a cursor) may lag: the replica's, where the shop has no rows at all.
    const cursor = encodeURIComponent((shopHistory.json() as { nextCursor: string }).nextCursor);
    const olderPage = await app.inject({ url: `/api/transactions/business?cursor=${cursor}`, headers: bearer(setup.shop.token) });
    expect(olderPage.statusCode).toBe(200);
    expect(ids(olderPage)).toEqual([]);
    expect(ids(await ctx.app.inject({ url: `/api/transactions/business?cursor=${cursor}`, headers: bearer(setup.shop.token) })))
      .toContain(older.id);
    // The replica does not know the account yet: to its reader it does not exist.
    const statement = await app.inject({ url: statementUrl(setup.accountId), headers: bearer(setup.shop.token) });
    expect(statement.statusCode).toBe(404);

    const admin = bearer(await adminToken(ctx));
    // The first read of a day closes the days before on the primary, and so reads its figures there too.
    const fromPrimary = await ctx.app.inject({ url: '/api/admin/analytics?days=7', headers: admin });
    const fromReplica = await app.inject({ url: '/api/admin/analytics?days=7', headers: admin });
    expect(fromReplica.json().analytics.credit.granted).toBe('0.00');
    expect(fromPrimary.json().analytics.credit.granted).not.toBe('0.00');

    // Balances are never lagging reads: the shop's accounts list owes the payment at once.
    const accounts = await app.inject({ url: '/api/credit-accounts/business', headers: bearer(setup.shop.token) });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.body).toContain(setup.accountId);
  });

  it('reads a payer\'s statement from the primary for READ_AFTER_WRITE_SECONDS after its payment', async () => {
    const { app } = await appWithReplica(replica);
    const paid = await payThrough(app);
    expect(Number(paid.cookie)).toBe(ctx.clock().getTime() + readAfterWriteSeconds * 1000);
    // The replica does not know the account: a statement read there is a 404, on the primary it has the payment.
    const statement = async (on: KhataApp, cookies?: Record<string, string>) => {
      const response = await on.inject({ url: statementUrl(setup.accountId), headers: bearer(setup.customer.token), cookies });
      if (response.statusCode === 404) return 'replica';
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().statement.rows.map((row: { id: string }) => row.id)).toContain(paid.id);
      return 'primary';
    };

    // The same process remembers the bearer token's write.
    expect(await statement(app)).toBe('primary');
    // Another process knows it from the cookie alone.
    const { app: other } = await appWithReplica(replica);
    expect(await statement(other)).toBe('replica');
    const cookies = { [freshUntilCookie]: paid.cookie! };
    expect(await statement(other, cookies)).toBe('primary');
    // A cookie set by a process whose clock runs a little ahead still counts…
    expect(await statement(other, { [freshUntilCookie]: String(Number(paid.cookie) + clockSlackMs - 1) })).toBe('primary');
    // …one claiming more than a window (and the slack) ahead was not ours: ignored.
    expect(await statement(other, { [freshUntilCookie]: String(Number(paid.cookie) + clockSlackMs + 1) })).toBe('replica');

    // Once the window is over, the payer's reads may lag again.
    ctx.clock.advance(readAfterWriteSeconds + 1);
    expect(await statement(app)).toBe('replica');
    expect(await statement(other, cookies)).toBe('replica');
  });

  it('sets no cookie on a refused write', async () => {
    const { app } = await appWithReplica(replica);
    const { qrData } = await setup.generate();
    const refused = await app.inject({
      method: 'POST', url: '/api/payments/process', headers: bearer(setup.customer.token),
      payload: { qrData, pin: setup.customer.pin, amount: '999999' },
    });
    expect(refused.statusCode).toBe(422);
    expect(cookieFrom(refused, freshUntilCookie)).toBeUndefined();
  });

  it('falls back to the primary while the replica cannot be reached, and tries it again later', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const unreachable = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:1/khata', poolSize: 1 });
    const { app, reads } = await appWithReplica(unreachable);
    const paid = await payThrough(ctx.app);
    ctx.clock.advance(readAfterWriteSeconds + 1);

    const statement = await app.inject({ url: statementUrl(setup.accountId), headers: bearer(setup.shop.token) });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().statement.rows.map((row: { id: string }) => row.id)).toContain(paid.id);
    expect(reads.state()).toBe('down');

    ctx.clock.advance(replicaRetryAfterMs / 1000);
    expect(reads.state()).toBe('up');
    expect(await reads.probe()).toBe('down');
  });

  it('passes over a DATABASE_READ_URL that is not a standby, and says so once', async () => {
    // The second database is a primary of its own: nothing feeds it, so it would lag for ever.
    const told: [ReplicaState, unknown][] = [];
    const reads = createReadRouting({
      primary: ctx.database.db, replica: { db: replica.db, close: async () => {} }, readAfterWriteSeconds,
      now: () => ctx.clock().getTime(), onStateChange: (state, error) => told.push([state, error]),
    });
    try {
      expect(await reads.probe()).toBe('down');
      expect(await reads.probe()).toBe('down');
      ctx.clock.advance(replicaRetryAfterMs / 1000 + 1);
      expect(reads.state()).toBe('down');
      expect(await reads.lagging('may-lag', async (db) => db === ctx.database.db)).toBe(true);
      expect(told).toHaveLength(1);
      expect(told[0]![0]).toBe('down');
      expect(String(told[0]![1])).toMatch(/not a standby/);
    } finally {
      await reads.close();
    }
  });
});
