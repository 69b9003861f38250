/**
 * npm run bench:pglite — payments per second over HTTP on embedded PGlite (the zero-setup
 * default: no DATABASE_URL), 64 clients, 1,000 customers × 100 merchants, in the shipped
 * configuration: NODE_ENV=production, default limits and request log,
 * an Idempotency-Key on every payment. Each round also runs pgbench's standard TPC-B script
 * (64 clients, scale 64) on the PostgreSQL at 127.0.0.1:5432, the reference (target ≥ 0.25 × it).
 * Three rounds, alternating; the figures are the medians, with the server's largest RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openPglite } from '../server/db/client';
import { migrateEmbedded } from '../server/db/migrate';
import { alternate, formatCpu, initTpcb, machine, median, medianCpu, qrToken, runPgbench, runWrk, startServer, wrkScript, type WrkResult } from './lib';
import { benchPepper, customerToken, seed } from './seed';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 64;
const customers = 1_000;
const merchants = 100;
const rssLimitMb = 250;

console.log(`Machine: ${machine()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'khata-bench-pglite-'));
// Seeded in this process; the server then opens the same directory in its worker thread.
const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
await migrateEmbedded(database.client);
await seed(database.client, { customers, merchants, accountsPerCustomer: 5, transactions: 0, limitPaise: 5_000_000 });
await database.client.query(`
  insert into qr_codes (id, token, business_id, amount_paise, description, fee_basis_points, created_at, expires_at)
  select gen_random_uuid(), 'bq' || lpad((row_number() over (order by b.id) - 1)::text, 20, '0'), b.id, null, null,
         b.fee_basis_points, now(), now() + interval '1 day'
  from businesses b`);
const { rows } = await database.client.query<{ session: number; merchant: number }>(`
  with c as (select id, row_number() over (order by phone) - 1 as session from users where role = 'customer'),
       b as (select id, row_number() over (order by id) - 1 as j from businesses)
  select distinct on (c.session) c.session::int as session, b.j::int as merchant
  from c join credit_accounts a on a.customer_id = c.id join b on b.id = a.business_id order by c.session, b.j`);
await database.close();
// Each connection walks all 1,000 customers' sessions in turn, so at 1,000 payments/s a
// session sees about one call a second: far under its limit of 300 a minute.
wrkScript(rows.map((r) => ({ token: customerToken(r.session), qr: qrToken(r.merchant) })), '/tmp/khata-bench-pglite.lua');
// BENCH_TPCB=0 skips the reference (a quick look at PGlite alone, never a reported figure).
const withTpcb = process.env.BENCH_TPCB !== '0';
if (withTpcb) initTpcb();

const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: ''});
await runWrk(server.url, '/tmp/khata-bench-pglite.lua', connections, 3);
const rssMaxMb: number[] = [];
const results = await alternate<WrkResult | Awaited<ReturnType<typeof runPgbench>>>(rounds, {
  'http PGlite': async () => {
    const from = server.rssKb.length;
    const result = await runWrk(server.url, '/tmp/khata-bench-pglite.lua', connections, seconds, server.child.pid);
    rssMaxMb.push(Math.max(...server.rssKb.slice(from)) / 1024);
    return result;
  },
  ...(withTpcb ? { 'pgbench TPC-B': () => runPgbench({ seconds }) } : {}),
});
const rssThroughoutMb = Math.max(...server.rssKb) / 1024;
await server.stop();

const reconcile = spawnSync('npx', ['tsx', 'server/cli/reconcile.ts'], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PIN_PEPPER: benchPepper }, encoding: 'utf8',
});
rmSync(dataDir, { recursive: true, force: true });
if (reconcile.status !== 0) throw new Error(`reconcile found drift:\n${reconcile.stdout}${reconcile.stderr}`);
console.log(reconcile.stdout.trim().split('\n').at(-1));

const http = results['http PGlite'] as WrkResult[];
const tpcb = (results['pgbench TPC-B'] ?? []) as Awaited<ReturnType<typeof runPgbench>>[];
const ratios = tpcb.map((r, i) => http[i]!.perSecond / r.tps);
console.log(`--- medians of ${rounds} alternating rounds of ${seconds} s ---`);
console.log(`HTTP on PGlite: ${median(http.map((r) => r.perSecond)).toFixed(0)} payments/s (runs ${http.map((r) => r.perSecond.toFixed(0)).join(', ')}), `
  + `non-201 ${http.reduce((sum, r) => sum + r.non2xx, 0)}, p50 ${median(http.map((r) => r.p50Ms)).toFixed(1)} ms, p99 ${median(http.map((r) => r.p99Ms)).toFixed(1)} ms`);
console.log(`  CPU per payment: ${formatCpu(medianCpu(http.map((r) => r.cpuMsPerRequest)))}`);
if (withTpcb) console.log(`pgbench TPC-B -s 64: ${median(tpcb.map((r) => r.tps)).toFixed(0)} tps (runs ${tpcb.map((r) => r.tps.toFixed(0)).join(', ')})`);
console.log(`Server RSS max per run: ${rssMaxMb.map((mb) => mb.toFixed(0)).join(', ')} MB; through the whole run ${rssThroughoutMb.toFixed(0)} MB`);
if (withTpcb) console.log(`RESULT PGlite HTTP ÷ TPC-B: ${median(ratios).toFixed(2)} (target ≥ 0.25; per round ${ratios.map((r) => r.toFixed(2)).join(', ')})`);
console.log(`RESULT server RSS max: ${median(rssMaxMb).toFixed(0)} MB median of the runs (target ≤ ${rssLimitMb} MB)`);
console.log(`RESULT payments/s over HTTP on embedded PGlite, 64 clients: ${median(http.map((r) => r.perSecond)).toFixed(0)}`);
