/**
 * A read replica (DATABASE_READ_URL, db/read-routing.ts) on throwaway clusters: a primary and
 * an asynchronous streaming standby, two Khata processes on them. The standby's replay is
 * paused while a customer pays, so whatever a read finds tells where it was read:
 *  - the shop's live event stream announces the payment, and the shop's refetched newest
 *    history page (always the primary's) holds it;
 *  - the shop's statement, read by a session that did not write, comes from the standby (the
 *    payment is not there yet), over its own connections (application_name);
 *  - the payer's statement has the payment at once, in either process (the other one knows the
 *    write from the fresh_until cookie), and the shop's balances are the primary's;
 *  - replay resumed, the shop's history shows the payment; the standby stopped, the shop's
 *    history and statement are read from the primary.
 *
 * Needs the PostgreSQL binaries; runs in the PostgreSQL pass (TEST_DATABASE_URL set).
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../server/db/migrate';
import { openPostgres } from '../server/db/client';
import { freshUntilCookie } from '../server/plugins/read-after-write';
import { testServerUrl } from '../server/test/database-url';
import { postgresBinDir, replicationSettings, startCluster, startStandby, type Cluster } from './cluster';
import { benchPin, freePort, merchantToken, seconds, seedPayments, sleep, startKhata, type KhataProcess, type Payer } from './lib';
import { payUntilAnswered } from './payments';
import { createReadRouting, replicaProbeIntervalMs } from '../server/db/read-routing';

const enabled = Boolean(postgresBinDir() && testServerUrl());
const readAfterWriteSeconds = 30;

const clusters: Cluster[] = [];
const servers: KhataProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill9();
  for (const cluster of clusters) await cluster.destroy();
});

describe.skipIf(!enabled)('a read replica', () => {
  it('shows the shop a payment its stream announced, serves the shop\'s statement from the standby, the payer\'s from the primary at once, and falls back when it stops', async () => {
    const startedAt = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${seconds(Date.now() - startedAt)} s`);
    const primary = await startCluster({ name: 'primary', settings: replicationSettings });
    clusters.push(primary);
    await primary.query('create database khata');
    const setup = openPostgres({ connectionString: primary.url('khata'), poolSize: 2 });
    await migratePostgres(setup.pool);
    // The standby, the seeding and the two servers' starts overlap: the standby streams
    // whatever the primary writes meanwhile.
    const standbyPort = await freePort();
    const env = {
      DATABASE_URL: primary.url('khata'), DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${standbyPort}/khata`,
      READ_AFTER_WRITE_SECONDS: String(readAfterWriteSeconds), DB_POOL_SIZE: '2',
    };
    const [one, two] = [startKhata(env, await freePort()), startKhata(env, await freePort())];
    servers.push(one!, two!);
    const standbyStarted = startStandby(primary, { name: 'replica1', synchronous: false, port: standbyPort });
    standbyStarted.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    let accountId: string;
    let payer: Payer | undefined;
    try {
      [payer] = await seedPayments(setup.pool, { customers: 1, merchants: 1, accountsPerCustomer: 1, limitPaise: 10_000_000 });
      accountId = (await setup.pool.query<{ id: string }>('select id from credit_accounts')).rows[0]!.id;
    } finally {
      await setup.close();
    }
    const standby = await standbyStarted;
    clusters.push(standby);
    phase('standby streaming');
    await Promise.all([one!.ready, two!.ready]);
    phase('servers ready');

    const get = async (server: KhataProcess, path: string, token: string, cookie?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie: `${freshUntilCookie}=${cookie}` } : {}) },
      });
      expect(response.status, path).toBe(200);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const historyIds = async (server: KhataProcess, path: string, token: string, cookie?: string) =>
      ((await get(server, path, token, cookie)).transactions as { id: string }[]).map((row) => row.id);
    const statementIds = async (server: KhataProcess, token: string, cookie?: string) =>
      ((await get(server, `/api/credit-accounts/${accountId}/statement?from=${indiaDate(-1)}&to=${indiaDate(1)}`, token, cookie))
        .statement as { rows: { id: string }[] }).rows.map((row) => row.id);
    const shop = merchantToken(0);

    /** Polls until `check` holds: a server whose first probe found no standby yet tries it again within a probe interval. */
    const eventually = async (what: string, check: () => Promise<boolean>) => {
      for (const deadline = Date.now() + replicaProbeIntervalMs * 2 + 2_000; !(await check());) {
        if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
        await sleep(50);
      }
    };
    // The seed replayed, so the standby knows the account, the shop and the payer.
    await eventually('the standby has the seed', async () =>
      (await standby.query<{ count: number }>('select count(*)::int as count from credit_accounts', 'khata'))[0]!.count === 1);

    const accountsBefore = JSON.stringify(await get(one!, '/api/credit-accounts/business', shop));
    await standby.query('select pg_wal_replay_pause()', 'khata');
    // The shop is signed in, its live stream open on the other process.
    const shopStream = openStream(two!.url, shop);
    await shopStream.opened;
    const paid = await fetch(`${one!.url}/api/payments/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${payer!.token}`, 'idempotency-key': `replica-${Date.now()}` },
      body: JSON.stringify({ qrData: payer!.qrTokens[0], pin: benchPin, amount: '10.00' }),
    });
    expect(paid.status).toBe(201);
    const paymentId = ((await paid.json()) as { transaction: { id: string } }).transaction.id;
    const freshUntil = /fresh_until=(\d+)/.exec(paid.headers.getSetCookie().join('\n'))?.[1];
    expect(Number(freshUntil)).toBeGreaterThan(Date.now());

    // The stream announces the payment, and the page the web refetches then holds it: the
    // newest page of a history is the primary's, though the shop wrote nothing.
    await eventually('the shop\'s stream announces the payment', async () =>
      /event: ledger\n/.test(shopStream.text()) && shopStream.text().includes(paymentId));
    shopStream.close();
    expect(await historyIds(two!, '/api/transactions/business', shop)).toContain(paymentId);
    // The shop did not write: its statement is the paused standby's.
    await eventually('the shop\'s statement read from the standby', async () =>
      !(await statementIds(one!, shop)).includes(paymentId));
    const readers = await standby.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where application_name = 'khata-read' and datname = 'khata'");
    expect(readers[0]!.count).toBeGreaterThan(0);
    // Balances are the primary's: the shop's account owes the payment already.
    expect(JSON.stringify(await get(one!, '/api/credit-accounts/business', shop))).not.toBe(accountsBefore);

    // The payer's history has it at once; its statement too: in the process it paid through
    // (which remembers its token), and in the other one with the cookie that answer set;
    // without it, the other reads the standby.
    expect(await historyIds(two!, '/api/transactions/customer', payer!.token)).toContain(paymentId);
    expect(await statementIds(one!, payer!.token)).toContain(paymentId);
    await eventually('the payer\'s statement without the cookie read from the standby', async () =>
      !(await statementIds(two!, payer!.token)).includes(paymentId));
    expect(await statementIds(two!, payer!.token, freshUntil)).toContain(paymentId);
    phase('routing checked');

    // The probe's view of the same standby: behind by its second look after the payment
    // while replay is paused, up again once replay resumes, down once it stops.
    const primaryDb = openPostgres({ connectionString: primary.url('khata'), poolSize: 1 });
    const direct = createReadRouting({
      primary: primaryDb.db, replica: openPostgres({ connectionString: standby.url('khata'), poolSize: 1 }), readAfterWriteSeconds,
    });
    try {
      expect(await direct.probe()).toBe('up');
      expect(await direct.probe()).toBe('behind');
      expect(await direct.lagging('may-lag', async (db) => db === primaryDb.db)).toBe(true);
      await standby.query('select pg_wal_replay_resume()', 'khata');
      await eventually('the standby caught up', async () => (await direct.probe()) === 'up');
      expect(await direct.lagging('may-lag', async (db) => db === primaryDb.db)).toBe(false);
      await standby.stop('immediate');
      expect(await direct.probe()).toBe('down');
    } finally {
      await direct.close();
      await primaryDb.close();
    }
    phase('caught up');
    // The standby stopped: the shop's reads go to the primary.
    const paidAgain = await payUntilAnswered({ url: one!.url, payer: payer!, keyPrefix: 'replica' });
    expect(paidAgain.outcome).toBe('acknowledged');
    const secondId = paidAgain.outcome === 'acknowledged' ? paidAgain.payment.transactionId : '';
    expect(await historyIds(two!, '/api/transactions/business', shop)).toContain(secondId);
    expect(await statementIds(two!, shop)).toContain(secondId);
    phase('fallback checked');
    console.log(`RESULT read replica: ${phases.join(', ')}`);
  }, 120_000);
});

/** A raw event stream: everything it said so far. */
function openStream(url: string, token: string) {
  let text = '';
  let request: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get(`${url}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': connected')) resolve();
      });
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
  return { opened, text: () => text, close: () => request?.destroy() };
}

/** The India date `days` from today, as a statement's range takes it. */
function indiaDate(days: number): string {
  return new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
