/**
 * The pause an embedded (PGlite) backup causes to payments, with BENCH_PAYMENTS (100,000)
 * payments in the ledger: payments run from BENCH_CLIENTS (8) clients through the app
 * in-process (app.inject, as the server's main thread), a backup is taken as the daily
 * one is (the worker's `dump`, then the archive outside its queue), BENCH_ROUNDS (3) times.
 *
 *   npm run bench:backup
 *   BENCH_DATA_DIR=/path/to/DATA_DIR npm run bench:backup   # a copy of a grown data directory instead of seeding
 *
 * Reports per round: how long the worker held its queue (the pause), the slowest payment
 * answered while the backup ran against the median before it, the whole backup's time, and
 * the sizes; RESULT lines give the medians and the worst. Target: pause < 5 s.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/client';
import { migrateEmbedded } from '../server/db/migrate';
import { openPgliteWorker } from '../server/db/pglite-worker';
import { backupEmbedded } from '../server/backup/embedded';
import { developmentSmsProvider } from '../server/sms/development';
import { testConfig } from '../server/test/config';
import { benchPepper, benchPin, customerToken, seed } from './seed';
import { machine, median, qrToken } from './lib';

const payments = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const steadySeconds = Number(process.env.BENCH_STEADY_SECONDS ?? 5);

const bytesOf = (path: string) => Number(spawnSync('du', ['-sb', path], { encoding: 'utf8' }).stdout.split('\t')[0] ?? 0);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`Machine: ${machine()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'khata-bench-backup-'));
const pgliteDir = join(dataDir, 'pglite');
const started = performance.now();
if (process.env.BENCH_DATA_DIR) {
  cpSync(join(process.env.BENCH_DATA_DIR, 'pglite'), pgliteDir, { recursive: true });
  console.log(`copied ${process.env.BENCH_DATA_DIR}/pglite`);
} else {
  // Seeded in this process (as bench:pglite does); the worker then opens the directory.
  const seeding = await openPglite({ dataDir: pgliteDir });
  await migrateEmbedded(seeding.client);
  await seed(seeding.client, { customers: 1_000, merchants: 100, accountsPerCustomer: 5, transactions: payments, limitPaise: 50_000_000 });
  await seeding.client.query(`
    insert into qr_codes (id, token, business_id, amount_paise, description, fee_basis_points, created_at, expires_at)
    select gen_random_uuid(), 'bq' || lpad((row_number() over (order by b.id) - 1)::text, 20, '0'), b.id, null, null,
           b.fee_basis_points, now(), now() + interval '1 day'
    from businesses b`);
  await seeding.client.exec('vacuum analyze');
  await seeding.close();
  console.log(`seeded ${payments} payments in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const database = await openPgliteWorker({ dataDir: pgliteDir });
await migrateEmbedded(database.client);
const { rows: pairs } = await database.client.query<{ session: number; merchant: number }>(`
  with c as (select id, row_number() over (order by phone) - 1 as session from users where role = 'customer'),
       b as (select id, row_number() over (order by id) - 1 as j from businesses)
  select distinct on (c.session) c.session::int as session, b.j::int as merchant
  from c join credit_accounts a on a.customer_id = c.id join b on b.id = a.business_id order by c.session, b.j`);
const { rows: ledger } = await database.client.query<{ n: number }>(`select count(*)::int as n from transactions`);
console.log(`ledger: ${ledger[0]!.n} transactions; data directory ${mb(bytesOf(pgliteDir))}; ${clients} clients`);

const app = await buildApp({
  db: database.db, sms: developmentSmsProvider(() => {}), config: testConfig({ pinPeppers: new Map([[1, Buffer.from(benchPepper)]]) }),
});

/** Every payment answered: when it was sent and answered (ms, performance.now()). */
const answered: { sentAt: number; answeredAt: number; status: number }[] = [];
let stop = false;
const loops = Array.from({ length: clients }, (_, c) => (async () => {
  for (let n = c; !stop; n += clients) {
    const pair = pairs[n % pairs.length]!;
    const sentAt = performance.now();
    const response = await app.inject({
      method: 'POST', url: '/api/payments/process',
      headers: { authorization: `Bearer ${customerToken(pair.session)}`, 'idempotency-key': randomUUID() },
      payload: { qrData: qrToken(pair.merchant), pin: benchPin, amount: '1.00' },
    });
    answered.push({ sentAt, answeredAt: performance.now(), status: response.statusCode });
  }
})());

interface Round { pauseMs: number; totalMs: number; slowestMs: number; medianBeforeMs: number; paidDuring: number; archiveBytes: number; dataBytes: number }
const results: Round[] = [];
for (let round = 1; round <= rounds; round++) {
  const steadyFrom = performance.now();
  await sleep(steadySeconds * 1000);
  const backupAt = performance.now();
  const before = answered.filter((a) => a.sentAt >= steadyFrom && a.answeredAt <= backupAt).map((a) => a.answeredAt - a.sentAt);
  const file = join(dataDir, 'backups', `round-${round}.tar.gz`);
  const result = await backupEmbedded(database.client, file);
  const backupEnd = performance.now();
  await sleep(1000);
  // Every payment in flight at any moment of the backup, its whole wait included.
  const during = answered.filter((a) => a.answeredAt >= backupAt && a.sentAt <= backupEnd);
  const slowestMs = Math.max(0, ...during.map((a) => a.answeredAt - a.sentAt));
  const row: Round = {
    pauseMs: result.pauseMs, totalMs: result.totalMs, slowestMs, medianBeforeMs: median(before),
    paidDuring: during.filter((a) => a.answeredAt <= backupEnd).length, archiveBytes: result.archiveBytes, dataBytes: result.dataBytes,
  };
  results.push(row);
  console.log(`round ${round}: worker held ${(row.pauseMs / 1000).toFixed(2)} s; slowest payment in flight ${(slowestMs / 1000).toFixed(2)} s `
    + `(median before ${row.medianBeforeMs.toFixed(1)} ms, ${before.length} payments); backup ${(row.totalMs / 1000).toFixed(1)} s, `
    + `${row.paidDuring} payments answered meanwhile; copied ${mb(row.dataBytes)} → ${mb(row.archiveBytes)}`);
  rmSync(file);
}
stop = true;
await Promise.all(loops);
const failed = answered.filter((a) => a.status !== 201).length;
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const worst = Math.max(...results.map((r) => r.slowestMs));
console.log(`--- ${rounds} backups with ${ledger[0]!.n}+ payments in the ledger, ${answered.length} payments, non-201 ${failed} ---`);
console.log(`RESULT pause (worker's queue held: checkpoint + copy): median ${(median(results.map((r) => r.pauseMs)) / 1000).toFixed(2)} s`);
console.log(`RESULT slowest payment while a backup ran: median ${(median(results.map((r) => r.slowestMs)) / 1000).toFixed(2)} s, `
  + `worst ${(worst / 1000).toFixed(2)} s (target < 5 s: ${worst < 5000 ? 'met' : 'NOT met'})`);
console.log(`RESULT whole backup (copy + gzip + rename): median ${(median(results.map((r) => r.totalMs)) / 1000).toFixed(1)} s; `
  + `${mb(results[0]!.dataBytes)} copied → ${mb(results[0]!.archiveBytes)} archive`);
if (failed > 0 || worst >= 5000) process.exitCode = 1;
