/**
 * Losing the database on PostgreSQL (docs/operations.md), through a proxy the test breaks: a payment whose statement
 * committed but whose answer was lost is answered 503 payment_outcome_unknown, and
 * resending it with the same Idempotency-Key gets the original answer, never a second
 * charge; a database that goes away and comes back is logged once each way, and the app
 * serves again by itself. (PGlite runs in the process: it cannot be lost this way.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from './db/client';
import { openTestDatabase } from './test/database';
import { testServerUrl } from './test/database-url';
import { createTestContext, paymentSetup, type TestContext } from './test/context';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';

const onPostgres = Boolean(testServerUrl());

describe.skipIf(!onPostgres)('when the database connection is lost', () => {
  let direct: Database & { url?: string };
  let proxy: TcpProxy;
  let proxied: Database;
  let ctx: TestContext;
  const logLines: { msg: string; database?: string }[] = [];

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = new URL(direct.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    proxied = openPostgres({ connectionString: url.toString(), poolSize: 2 });
    ctx = await createTestContext({
      database: proxied,
      logger: { level: 'warn', stream: { write: (line: string) => { logLines.push(JSON.parse(line) as { msg: string }); } } },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await proxied.close();
    await proxy.close();
    await direct.close();
  });

  async function waitForLog(database: 'lost' | 'back') {
    for (const deadline = Date.now() + 10_000; !logLines.some((line) => line.database === database) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const ledger = async () => rowsOf<{ id: string; total: number }>(await direct.db.execute(
    sql`select id::text as id, total_paise as total from transactions where type = 'payment' order by created_at`,
  ));

  it('answers a payment whose answer was lost 503 payment_outcome_unknown, and its resend with the same key the original answer', async () => {
    const { generate, pay } = await paymentSetup(ctx, { limit: '1000' });
    const { qrData } = await generate({ amount: '120.50' });
    const before = (await ledger()).length;

    const cut = proxy.cutAnswerTo('khata_pay');
    const lost = await pay(qrData, { key: 'lost-answer-1' });
    await cut;
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({
      error: 'We could not confirm this payment yet. Send it again with the same Idempotency-Key to get its outcome: it is never charged twice.',
      code: 'payment_outcome_unknown',
      key: 'payment_outcome_unknown',
      params: {},
    });
    expect(lost.headers['retry-after']).toBe('5');
    expect(lost.body).not.toMatch(/Error|\.ts:/);
    // It was committed: the ledger holds it although nobody was told.
    const committed = await ledger();
    expect(committed.length).toBe(before + 1);

    const resent = await pay(qrData, { key: 'lost-answer-1' });
    expect(resent.statusCode).toBe(201);
    const { transaction } = resent.json() as { transaction: { id: string; amount: string; totalAmount: string } };
    expect(transaction.id).toBe(committed.at(-1)!.id);
    expect(transaction.amount).toBe('120.50');
    expect(Math.round(Number(transaction.totalAmount) * 100)).toBe(committed.at(-1)!.total);
    // Resent again: still the one payment.
    expect((await pay(qrData, { key: 'lost-answer-1' })).json()).toEqual(resent.json());
    expect((await ledger()).length).toBe(before + 1);
    // The cut connection was logged as a loss, and its end as soon as the probe answered.
    await waitForLog('back');
    expect(logLines.filter((line) => line.database === 'lost')).toHaveLength(1);
  });

  it('answers 503 database_unavailable while the database is away, logs the loss and the return once each, and serves again alone', async () => {
    const { generate, pay } = await paymentSetup(ctx, { limit: '1000' });
    const { qrData } = await generate();
    const before = (await ledger()).length;
    logLines.length = 0;

    await proxy.refuse();
    // Long enough for the pool to see its idle connections end: a statement written to a
    // connection in the very moment it dies is answered payment_outcome_unknown instead.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 3; i++) {
      const refused = await pay(qrData, { key: `away-key-${i}`, amount: '10.00' });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'database_unavailable' });
      expect(refused.headers['retry-after']).toBe('5');
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown', listen: 'down' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect(logLines.filter((line) => line.database === 'lost')).toHaveLength(1);
    expect(logLines.find((line) => line.database === 'lost')!.msg).toMatch(/^Database lost \(.+\): answering 503 with Retry-After until it is back$/);
    // Nothing was charged while it was away.
    expect((await ledger()).length).toBe(before);

    await proxy.open();
    // The watch's own probe notices the return, without any request.
    await waitForLog('back');
    expect(logLines.filter((line) => line.database === 'back')).toHaveLength(1);
    expect(logLines.find((line) => line.database === 'back')!.msg).toMatch(/^Database back after \d+\.\d s: serving requests again$/);

    const paid = await pay(qrData, { key: 'away-key-0', amount: '10.00' });
    expect(paid.statusCode).toBe(201);
    let ready = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    // The LISTEN connection comes back on its own schedule (at most eventListenRetryMsMax).
    for (const deadline = Date.now() + 10_000; ready.statusCode !== 200 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    }
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', listen: 'ok' });
    expect((await ledger()).length).toBe(before + 1);
  });
});
