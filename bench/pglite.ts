/**
 * npm run bench:pglite — what a shop on embedded PGlite (the zero-setup default: no
 * DATABASE_URL) meets as its ledger grows: payments over HTTP, 64 clients, 1,000 customers ×
 * 100 merchants, in the shipped configuration (NODE_ENV=production, default limits and
 * request log, an Idempotency-Key on every payment).
 *
 * 1. Fill: one server pays without a pause until its ledger holds BENCH_PAYMENTS (100,000),
 *    in windows of BENCH_WINDOW_SECONDS (10), each reported (rate, CPU per payment, data
 *    directory and WAL, RSS). Its worker's maintenance runs as it would in a shop.
 * 2. Compare: a second server on a fresh copy of the same seeded shop, then rounds of one
 *    window on the fresh server and one on the grown one, BENCH_ROUNDS (3) times. The other
 *    load on a shared machine disturbs both sides of a round alike, which it would not do to
 *    a fresh figure taken minutes before the grown one.
 * Nothing else runs meanwhile (the pgbench reference, when asked for with BENCH_TPCB=1, runs
 * once at the end, never between windows). wrk waits up to 30 s for an answer, so a payment
 * that was slow still counts (its default 2 s dropped them, which made a slow rate look slower).
 *
 * It reports the four figures of docs/performance.md: the grown ledger's rate ÷ the fresh
 * one's (medians of the rounds; also CPU per payment); the servers' largest RSS (sampled every
 * 0.5 s through the whole run); the longest a maintenance step held the database (from the
 * worker's "PGlite maintenance" log lines, with the longest payment of the compared windows
 * beside it); the data directory's growth per 100,000 payments over the fill, as the growth of
 * its relation files (the data directory less pg_wal), with the WAL beside it: the WAL fills
 * once up to its cap (max_wal_size=64MB, pglite-worker-thread.ts) and then stays there, a fixed
 * cost a shop pays once whatever its ledger holds, which a 100,000-payment fill would otherwise
 * count as growth per payment. The whole directory's slope once the WAL has reached its cap is
 * printed too, as a cross-check of the first figure, when that happens 10,000 payments or more
 * before the fill ends (the maintenance's checkpoints may keep the WAL below its cap).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server/db/client';
import { migrateEmbedded } from '../server/db/migrate';
import { cpuPerUnit, cpuSample, initTpcb, machine, median, qrToken, runPgbench, startServer, type RunningServer } from './lib';
import { benchPepper, benchPin, customerToken, seed } from './seed';

const targetPayments = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 64;
const customers = 1_000;
const merchants = 100;
const targets = { ratio: 0.7, rssMb: 250, stallMs: 1_000, growthMbPer100k: 150 };
/** max_wal_size of the embedded database (pglite-worker-thread.ts): the WAL's cap. */
const walCapMb = 64;

/** Bytes under `path` (du -sb), 0 when it is gone. */
const bytesOf = (path: string) => Number(spawnSync('du', ['-sb', path], { encoding: 'utf8' }).stdout.split('\t')[0] ?? 0);
const mb = (bytes: number) => bytes / 2 ** 20;

/**
 * A wrk script paying round-robin over (session, QR code) pairs, a fresh Idempotency-Key per
 * payment (as the web app sends), that prints its count, latency percentiles and maximum.
 */
function writeScript(pairs: { token: string; qr: string }[], file: string): void {
  writeFileSync(file, `
local pairs_ = {${pairs.map((p) => `{"${p.token}","${p.qr}"}`).join(',\n')}}
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
  thread:set("start", math.random(1, #pairs_))
end
function init(args) counter = start; sent = 0; run = args[1] end
function request()
  counter = counter % #pairs_ + 1
  sent = sent + 1
  local p = pairs_[counter]
  return wrk.format("POST", "/api/payments/process", {
    ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. p[1],
    ["Idempotency-Key"] = run .. "-" .. tid .. "-" .. sent },
    '{"qrData":"' .. p[2] .. '","pin":"${benchPin}","amount":"10.00"}')
end
function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d duration_us=%d errors_status=%d p50_us=%d p99_us=%d max_us=%d\\n",
    summary.requests, summary.duration, summary.errors.status, latency:percentile(50), latency:percentile(99), latency.max))
end
`);
}

interface Window { payments: number; perSecond: number; non2xx: number; p99Ms: number; maxMs: number; cpuMsPerPayment: number }

let windows = 0;
async function runWindow(url: string, script: string, seconds: number, serverPid: number): Promise<Window> {
  const child = spawn('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '--latency', '-s', script, url, '--', `w${Date.now().toString(36)}${windows++}`]);
  const before = cpuSample(child.pid!, serverPid);
  let after = before;
  const sampler = setInterval(() => { after = cpuSample(child.pid!, serverPid); }, 250);
  let stdout = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const match = /WRK requests=(\d+) duration_us=(\d+) errors_status=(\d+) p50_us=(\d+) p99_us=(\d+) max_us=(\d+)/.exec(stdout);
  if (status !== 0 || !match) throw new Error(`wrk failed (${status}):\n${stdout}`);
  const payments = Number(match[1]);
  return {
    payments, perSecond: payments / (Number(match[2]) / 1e6),
    non2xx: Number((/Non-2xx or 3xx responses: (\d+)/.exec(stdout) ?? [])[1] ?? 0),
    p99Ms: Number(match[5]) / 1000, maxMs: Number(match[6]) / 1000,
    cpuMsPerPayment: cpuPerUnit(before, after, payments).node,
  };
}

console.log(`Machine: ${machine()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'khata-bench-pglite-'));
const pgliteDir = join(dataDir, 'pglite');
// Seeded in this process; the server then opens the same directory in its worker thread.
const seeding = await openPglite({ dataDir: pgliteDir });
await migrateEmbedded(seeding.client);
await seed(seeding.client, { customers, merchants, accountsPerCustomer: 5, transactions: 0, limitPaise: 5_000_000 });
await seeding.client.query(`
  insert into qr_codes (id, token, business_id, amount_paise, description, fee_basis_points, created_at, expires_at)
  select gen_random_uuid(), 'bq' || lpad((row_number() over (order by b.id) - 1)::text, 20, '0'), b.id, null, null,
         b.fee_basis_points, now(), now() + interval '1 day'
  from businesses b`);
const { rows } = await seeding.client.query<{ session: number; merchant: number }>(`
  with c as (select id, row_number() over (order by phone) - 1 as session from users where role = 'customer'),
       b as (select id, row_number() over (order by id) - 1 as j from businesses)
  select distinct on (c.session) c.session::int as session, b.j::int as merchant
  from c join credit_accounts a on a.customer_id = c.id join b on b.id = a.business_id order by c.session, b.j`);
await seeding.close();
// Each connection walks all 1,000 customers' sessions in turn, so at 1,000 payments/s a
// session sees about one call a second: far under its limit of 300 a minute.
const script = '/tmp/khata-bench-pglite.lua';
writeScript(rows.map((r) => ({ token: customerToken(r.session), qr: qrToken(r.merchant) })), script);

// Two copies of the seeded shop: one grows, one stays fresh for the comparison.
const freshDir = join(dataDir, 'fresh');
cpSync(pgliteDir, join(freshDir, 'pglite'), { recursive: true });

/** The worker's maintenance rounds, read from a server's log. */
const maintenance: { longestMs: number; steps: { step: string; ms: number }[] }[] = [];
function readMaintenance(server: RunningServer): void {
  let buffered = '';
  server.child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.includes('"PGlite maintenance"')) maintenance.push(JSON.parse(line) as typeof maintenance[number]);
  });
}

const grownServer = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
readMaintenance(grownServer);
const pid = grownServer.child.pid!;
const warmUp = await runWindow(grownServer.url, script, 3, pid);
const walOf = () => bytesOf(join(pgliteDir, 'pg_wal'));
const startBytes = bytesOf(pgliteDir);
const startWal = walOf();
/** Per fill window: the ledger's size, the data directory's and its WAL's. */
const samples: { paid: number; dir: number; wal: number }[] = [];
let paid = warmUp.payments - warmUp.non2xx;
const startedAt = Date.now();
console.log(`--- fill: windows of ${windowSeconds} s until the ledger holds ${targetPayments} payments ---`);
while (paid < targetPayments) {
  const from = grownServer.rssKb.length;
  const window = await runWindow(grownServer.url, script, windowSeconds, pid);
  paid += window.payments - window.non2xx;
  const rssMb = Math.max(0, ...grownServer.rssKb.slice(from)) / 1024;
  samples.push({ paid, dir: bytesOf(pgliteDir), wal: walOf() });
  console.log(`${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s  ledger ${String(paid).padStart(7)}  `
    + `${window.perSecond.toFixed(0).padStart(5)}/s  CPU ${window.cpuMsPerPayment.toFixed(2)} ms  p99 ${window.p99Ms.toFixed(0)} ms  `
    + `max ${window.maxMs.toFixed(0)} ms  non-201 ${window.non2xx}  dir ${mb(samples.at(-1)!.dir).toFixed(0)} MB `
    + `(WAL ${mb(samples.at(-1)!.wal).toFixed(0)})  RSS ${rssMb.toFixed(0)} MB`);
}
const filledBytes = bytesOf(pgliteDir);
const filledWal = walOf();
const filled = paid;

const freshServer = await startServer({ DATA_DIR: freshDir, DATABASE_URL: '' });
readMaintenance(freshServer);
await runWindow(freshServer.url, script, 3, freshServer.child.pid!);
const fresh: Window[] = [];
const grown: Window[] = [];
for (let round = 1; round <= rounds; round++) {
  fresh.push(await runWindow(freshServer.url, script, windowSeconds, freshServer.child.pid!));
  grown.push(await runWindow(grownServer.url, script, windowSeconds, pid));
  paid += grown.at(-1)!.payments - grown.at(-1)!.non2xx;
  console.log(`round ${round}: fresh ${fresh.at(-1)!.perSecond.toFixed(0)}/s (CPU ${fresh.at(-1)!.cpuMsPerPayment.toFixed(2)} ms), `
    + `grown ${grown.at(-1)!.perSecond.toFixed(0)}/s (CPU ${grown.at(-1)!.cpuMsPerPayment.toFixed(2)} ms)`);
}
const rssMaxMb = Math.max(...grownServer.rssKb, ...freshServer.rssKb) / 1024;
await freshServer.stop();
await grownServer.stop();
// Where the bytes went, read from the stopped server's data directory.
const inspect = await openPglite({ dataDir: pgliteDir });
const { rows: relations } = await inspect.client.query<{ name: string; mb: number }>(`
  select c.relname as name, pg_total_relation_size(c.oid) / 1048576.0 as mb
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' order by 2 desc limit 5`);
await inspect.close();
console.log(`Where the grown data directory's ${mb(bytesOf(pgliteDir)).toFixed(0)} MB are: WAL ${mb(bytesOf(join(pgliteDir, 'pg_wal'))).toFixed(0)} MB; `
  + `tables with their indexes ${relations.map((r) => `${r.name} ${Number(r.mb).toFixed(1)} MB`).join(', ')}`);

const reconcile = spawnSync('npx', ['tsx', 'server/cli/reconcile.ts'], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PIN_PEPPER: benchPepper }, encoding: 'utf8',
});
rmSync(dataDir, { recursive: true, force: true });
if (reconcile.status !== 0) throw new Error(`reconcile found drift:\n${reconcile.stdout}${reconcile.stderr}`);
console.log(reconcile.stdout.trim().split('\n').at(-1));

if (process.env.BENCH_TPCB === '1') {
  initTpcb();
  const tpcb = await runPgbench({ seconds: windowSeconds * 3 });
  console.log(`Reference, after the load: pgbench TPC-B -s 64, 64 clients, ${windowSeconds * 3} s: ${tpcb.tps.toFixed(0)} tps`);
}

const rateOf = (windows: Window[]) => median(windows.map((w) => w.perSecond));
const cpuOf = (windows: Window[]) => median(windows.map((w) => w.cpuMsPerPayment));
const ratio = rateOf(grown) / rateOf(fresh);
const stallMs = Math.max(0, ...maintenance.map((round) => round.longestMs));
const longestStep = maintenance.flatMap((round) => round.steps).sort((x, y) => y.ms - x.ms)[0];
const longestPaymentMs = Math.max(...fresh.map((w) => w.maxMs), ...grown.map((w) => w.maxMs));
const filledFrom = warmUp.payments - warmUp.non2xx;
const per100k = (bytes: number, payments: number) => (mb(bytes) / Math.max(1, payments)) * 100_000;
// The relation files: the data directory less its WAL, at the start of the fill and at its end.
const growthMb = per100k((filledBytes - filledWal) - (startBytes - startWal), filled - filledFrom);
const wholeMb = per100k(filledBytes - startBytes, filled - filledFrom);
// The whole directory's slope from the first window whose WAL had reached its cap (≥ 90 % of it).
const capped = samples.find((sample) => mb(sample.wal) >= walCapMb * 0.9);
const cappedSlope = capped && filled - capped.paid >= 10_000 ? per100k(filledBytes - capped.dir, filled - capped.paid) : undefined;
const non2xx = [...fresh, ...grown].reduce((sum, w) => sum + w.non2xx, 0);
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
console.log(`--- ${rounds} rounds of ${windowSeconds} s, fresh ledger against ${filled}+ payments; non-201 ${non2xx}; `
  + `${maintenance.length} maintenance rounds ---`);
console.log(`RESULT rate with ${filled} payments ÷ fresh: ${ratio.toFixed(2)} (${rateOf(grown).toFixed(0)} ÷ ${rateOf(fresh).toFixed(0)} payments/s, `
  + `runs ${grown.map((w) => w.perSecond.toFixed(0)).join(', ')} ÷ ${fresh.map((w) => w.perSecond.toFixed(0)).join(', ')}; `
  + `CPU per payment ${cpuOf(grown).toFixed(2)} vs ${cpuOf(fresh).toFixed(2)} ms; target ≥ ${targets.ratio}) ${verdict(ratio >= targets.ratio)}`);
const nodeArgs = process.env.BENCH_NODE_ARGS ? `, with BENCH_NODE_ARGS="${process.env.BENCH_NODE_ARGS}"` : '';
console.log(`RESULT server RSS max: ${rssMaxMb.toFixed(0)} MB${nodeArgs} (target ≤ ${targets.rssMb}) ${verdict(rssMaxMb <= targets.rssMb)}`);
console.log(`RESULT longest maintenance step: ${stallMs} ms${longestStep ? ` (${longestStep.step})` : ''} `
  + `(target ≤ ${targets.stallMs}; longest payment in the compared windows ${longestPaymentMs.toFixed(0)} ms) ${verdict(stallMs <= targets.stallMs)}`);
console.log(`RESULT data dir growth: ${growthMb.toFixed(0)} MB per 100,000 payments in its relation files (the directory less pg_wal: `
  + `${mb(startBytes - startWal).toFixed(0)} → ${mb(filledBytes - filledWal).toFixed(0)} MB over ${filled - filledFrom} payments; `
  + `target ≤ ${targets.growthMbPer100k}) ${verdict(growthMb <= targets.growthMbPer100k)}; plus the WAL, ${mb(startWal).toFixed(0)} → `
  + `${mb(filledWal).toFixed(0)} MB, held near max_wal_size=${walCapMb}MB (a fixed cost, paid once); whole directory `
  + `${mb(startBytes).toFixed(0)} → ${mb(filledBytes).toFixed(0)} MB (${wholeMb.toFixed(0)} MB per 100,000 with the WAL's one filling`
  + `${cappedSlope === undefined ? '' : `; ${cappedSlope.toFixed(0)} MB per 100,000 once the WAL had reached its cap, at ${capped!.paid} payments`})`);
