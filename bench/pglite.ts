/**
 * npm run bench:pglite — payments per second over HTTP on embedded PGlite (the
 * zero-setup default): 64 concurrent clients, 1,000 customers × 100 merchants.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/db/client';
import { migrateEmbedded } from '../server/db/migrate';
import { machine, qrToken, runWrk, startServer, wrkScript } from './lib';
import { customerToken, seed } from './seed';
import { spawnSync } from 'node:child_process';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const customers = 1_000;
const merchants = 100;
console.log(`Machine: ${machine()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'khata-bench-pglite-'));
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
wrkScript(rows.map((r) => ({ token: customerToken(r.session), qr: qrToken(r.merchant) })), '/tmp/khata-bench-pglite.lua');

const server = await startServer({ DATA_DIR: dataDir });
await runWrk(server.url, '/tmp/khata-bench-pglite.lua', 64, 3);
const http = await runWrk(server.url, '/tmp/khata-bench-pglite.lua', 64, seconds);
await server.stop();
const reconcile = spawnSync('npx', ['tsx', 'server/cli/reconcile.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
rmSync(dataDir, { recursive: true, force: true });
if (reconcile.status !== 0) throw new Error(`reconcile found drift:\n${reconcile.stdout}${reconcile.stderr}`);
console.log(`HTTP: ${http.requests} payments in ${http.seconds.toFixed(1)} s, non-201: ${http.non2xx}, p50 ${http.p50Ms} ms, p99 ${http.p99Ms} ms`);
console.log(`Server RSS max: ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
console.log(reconcile.stdout.trim().split('\n').at(-1));
console.log(`RESULT payments/s over HTTP on embedded PGlite, 64 clients: ${http.perSecond.toFixed(0)}`);
