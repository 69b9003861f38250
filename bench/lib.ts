/**
 * Shared pieces of the benchmarks: a seeded PostgreSQL database with one static QR code
 * per merchant, the real server as a child process, wrk, and the reconcile check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { startNodeArgs } from '../scripts/start-command.mjs';
import { benchDatabaseName, benchDatabaseUrl, freshBenchDatabase } from './database';
import { benchPepper, benchPin, customerToken, seed } from './seed';

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** The QR token of merchant j's static code (22 characters, as real tokens). */
export const qrToken = (j: number) => `bq${String(j).padStart(20, '0')}`;

export interface PaymentsDataset { url: string; customers: number; merchants: number; accounts: number; hotMerchantCustomers?: number }

/** 10,000 customers × 1,000 merchants, 10 accounts each, one long-lived static code per merchant. */
export async function paymentsDataset(options: Partial<PaymentsDataset> = {}): Promise<PaymentsDataset> {
  const customers = options.customers ?? 10_000;
  const merchants = options.merchants ?? 1_000;
  const accounts = options.accounts ?? 10;
  const { url, pool } = await freshBenchDatabase();
  await seed(pool, {
    customers, merchants, accountsPerCustomer: accounts, transactions: 0, limitPaise: 5_000_000,
    hotMerchantCustomers: options.hotMerchantCustomers ?? 1_000,
  });
  await pool.query(`
    insert into qr_codes (id, token, business_id, amount_paise, description, fee_basis_points, created_at, expires_at)
    select gen_random_uuid(), 'bq' || lpad((row_number() over (order by b.id) - 1)::text, 20, '0'), b.id, null, null,
           b.fee_basis_points, now(), now() + interval '1 day'
    from businesses b`);
  // Which merchant index each customer index may pay (mirrors seed's account layout).
  await pool.query(`
    create table bench_clients as
    select c.i as n, c.id as customer_id, c.phone,
           encode(sha256(convert_to('bench-customer-session-' || (row_number() over (order by c.phone) - 1), 'UTF8')), 'hex') as token_hash
    from (select id, phone, row_number() over (order by id) - 1 as i from users where role = 'customer') c`);
  await pool.query('create unique index on bench_clients (n)');
  await pool.query('analyze');
  await pool.end();
  return { url, customers, merchants, accounts };
}

/** Merchant indexes customer i has accounts with (seed: i + k·97 mod merchants, by id order). */
export async function accountMap(url: string): Promise<{ token: string; merchants: number[] }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ session: number; merchants: number[] }>(`
    with c as (select id, row_number() over (order by phone) - 1 as session from users where role = 'customer'),
         b as (select id, row_number() over (order by id) - 1 as j from businesses)
    select c.session::int as session, array_agg(b.j::int order by b.j) as merchants
    from c join credit_accounts a on a.customer_id = c.id join b on b.id = a.business_id
    group by c.session order by c.session`);
  await client.end();
  return rows.map((r) => ({ token: customerToken(r.session), merchants: r.merchants }));
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  rssKb: number[];
  /** Lines the server wrote to stdout since it started listening (its request log). */
  logLines(): number;
  stop(): Promise<void>;
}

/**
 * The environment of the shipped configuration (docs/performance.md): NODE_ENV=production,
 * the default request limits and log level, the SMS webhook a production start requires
 * (a payment never sends one); startServer adds the PUBLIC_URL it requires. `tuned` switches off the request limits and the request log:
 * reported beside the shipped figure, never instead of it.
 */
export function serverEnv(options: { tuned?: boolean } = {}): Record<string, string> {
  return {
    NODE_ENV: 'production', PIN_PEPPER: benchPepper, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    ...(options.tuned ? { RATE_LIMIT_PER_MINUTE: '0', SESSION_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' } : {}),
  };
}

let serverBuilt = false;

/**
 * What `npm start` runs for a server whose environment is `env`: the server built into
 * dist/server (built here once per benchmark), or its TypeScript through tsx with
 * BENCH_SERVER_SOURCE=1.
 */
function serverEntry(env: Record<string, string | undefined>): string[] {
  if (process.env.BENCH_SERVER_SOURCE === '1') return ['--import', 'tsx', 'server/main.ts'];
  if (!serverBuilt) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building the server failed:\n${built.stdout}${built.stderr}`);
    serverBuilt = true;
  }
  // The node command of `npm start`, flags and all (the engine's among them), read from package.json so the two agree.
  return startNodeArgs(env);
}

/** A TCP port nothing listens on now (benchmarks may run beside each other). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the real server (`serverEnv()` plus `env`) as a child process and samples its memory. */
export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  port ??= await freePort();
  // BENCH_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // Production refuses to start without PUBLIC_URL: the address the benchmark reaches it at.
  const childEnv = {
    PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '/nonexistent', PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...serverEnv(), ...env,
  };
  const child = spawn(process.execPath, [...nodeArgs, ...serverEntry(childEnv)], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  let lines = 0;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onStart = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('Khata is running')) return;
      child.stdout!.off('data', onStart);
      // From here on the log is only counted, as a log shipper would read it.
      child.stdout!.on('data', (more: Buffer) => { for (const byte of more) if (byte === 10) lines++; });
      resolve();
    };
    child.stdout!.on('data', onStart);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  const rssKb: number[] = [];
  const sampler = setInterval(() => {
    const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(child.pid)]).stdout.toString().trim();
    if (rss) rssKb.push(Number(rss));
  }, 500);
  return {
    url: `http://127.0.0.1:${port}`, child, rssKb, logLines: () => lines,
    async stop() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/**
 * A wrk Lua script at `file` that GETs `path` round-robin over the sessions' tokens (Bearer),
 * each connection from its own starting point, and prints the WRK line runWrk reads.
 */
export function wrkGetScript(path: string, tokens: string[], file: string): void {
  writeFileSync(file, `
local tokens = {${tokens.map((t) => `"${t}"`).join(',')}}
local counter = 0
function init(args) counter = math.random(1, #tokens) end
function request()
  counter = counter % #tokens + 1
  return wrk.format("GET", "${path}", { ["Authorization"] = "Bearer " .. tokens[counter] })
end
function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d duration_us=%d errors_status=%d p50_us=%d p99_us=%d\\n",
    summary.requests, summary.duration, summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
`);
}

/**
 * A wrk Lua script that pays round-robin over (token, qr token) pairs, each request with
 * its own Idempotency-Key, as the web app sends. Each connection walks the pairs from its
 * own starting point, so the calls of one session are spread thinly over time.
 */
export function wrkScript(pairs: { token: string; qr: string }[], path: string): void {
  const rows = pairs.map((p) => `{"${p.token}","${p.qr}"}`).join(',\n');
  writeFileSync(path, `
local pairs_ = {${rows}}
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
  thread:set("start", math.random(1, #pairs_))
end
function init(args)
  counter = start
  sent = 0
  run = args[1] or "run"
end
function request()
  counter = counter % #pairs_ + 1
  sent = sent + 1
  local p = pairs_[counter]
  local body = '{"qrData":"' .. p[2] .. '","pin":"${benchPin}","amount":"10.00"}'
  return wrk.format("POST", "/api/payments/process", {
    ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. p[1],
    ["Idempotency-Key"] = run .. "-" .. tid .. "-" .. sent }, body)
end
function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d duration_us=%d errors_status=%d p50_us=%d p99_us=%d\\n",
    summary.requests, summary.duration, summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
`);
}

export interface WrkResult {
  requests: number; seconds: number; perSecond: number; non2xx: number; p50Ms: number; p99Ms: number;
  /** CPU milliseconds per request spent by wrk, the server and PostgreSQL during the run. */
  cpuMsPerRequest: CpuShare;
}

let runs = 0;

/** Runs wrk without blocking this process, so the server's memory can be sampled meanwhile. */
export async function runWrk(url: string, script: string, connections: number, seconds: number, serverPid?: number): Promise<WrkResult> {
  const child = spawn('wrk', [`-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url,
    '--', `r${Date.now().toString(36)}${runs++}`]);
  const before = cpuSample(child.pid!, serverPid);
  let stdout = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  let after = before;
  // wrk's own CPU is read just before it exits, while its /proc entry still exists.
  const sampler = setInterval(() => { after = cpuSample(child.pid!, serverPid); }, 250);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (status !== 0) throw new Error(`wrk failed (${status}):\n${stdout}`);
  const match = /WRK requests=(\d+) duration_us=(\d+) errors_status=(\d+) p50_us=(\d+) p99_us=(\d+)/.exec(stdout);
  if (!match) throw new Error(`wrk output not understood:\n${stdout}`);
  const requests = Number(match[1]);
  const runSeconds = Number(match[2]) / 1e6;
  const non2xx = Number((/Non-2xx or 3xx responses: (\d+)/.exec(stdout) ?? [])[1] ?? 0);
  return {
    requests, seconds: runSeconds, perSecond: requests / runSeconds, non2xx,
    p50Ms: Number(match[4]) / 1000, p99Ms: Number(match[5]) / 1000,
    cpuMsPerRequest: cpuPerUnit(before, after, requests),
  };
}

// ---- CPU accounting from /proc: where a payment's time goes (docs/performance.md) ----

const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;

export interface CpuShare { generator: number; node: number; postgres: number }

/** utime + stime of a process (all its threads), plus its reaped children's when asked, in ticks. */
function processTicks(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11..14] are utime, stime, cutime, cstime (stat fields 14–17).
    const own = Number(fields[11]) + Number(fields[12]);
    return withChildren ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL server's CPU for the benchmark: its shared processes (WAL writer,
 * checkpointer, …) and the backends of the benchmark's databases, plus what the
 * postmaster has reaped from backends that ended (its cutime/cstime). Backends of other
 * databases (another run's tests on the same server) are left out.
 */
function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const parent = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
      const isPostmaster = parent !== undefined && readFileSync(`/proc/${parent}/comm`, 'utf8').trim() !== 'postgres';
      // A backend's title is "postgres: [<cluster>: ]<user> <database> <address>(<port>) <state>".
      const backend = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
      if (backend && !benchDatabases.has(backend[1]!)) continue;
      ticks += processTicks(Number(entry), isPostmaster);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks;
}

interface CpuSample { generator: number; node: number; postgres: number }

export function cpuSample(generatorPid: number, serverPid?: number): CpuSample {
  return {
    generator: processTicks(generatorPid),
    node: serverPid ? processTicks(serverPid) : 0,
    postgres: postgresTicks(),
  };
}

export function cpuPerUnit(before: CpuSample, after: CpuSample, units: number): CpuShare {
  const ms = (ticks: number) => (ticks * 1000) / clockTicksPerSecond / Math.max(1, units);
  return {
    generator: ms(after.generator - before.generator),
    node: ms(after.node - before.node),
    postgres: ms(after.postgres - before.postgres),
  };
}

// ---- pgbench ----

export const tpcbDatabase = 'khata_tpcb';
const benchDatabases = new Set([benchDatabaseName, tpcbDatabase]);

/** pgbench's standard TPC-B tables at scale 64 (6.4 M accounts), rebuilt once per benchmark. */
export function initTpcb(): void {
  const admin = ['-h', '127.0.0.1', '-U', 'postgres'];
  spawnSync('psql', [...admin, '-qc', `drop database if exists ${tpcbDatabase} with (force)`, 'postgres']);
  spawnSync('psql', [...admin, '-qc', `create database ${tpcbDatabase}`, 'postgres']);
  const init = spawnSync('pgbench', [...admin, '-i', '-s', '64', '-q', tpcbDatabase], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed:\n${init.stderr}`);
  // Warm: the fresh tables' pages into memory, as the payment tables are by their warm-up.
  spawnSync('pgbench', [...admin, '-c', '64', '-j', '2', '-T', '5', tpcbDatabase]);
}

export interface PgbenchResult { tps: number; cpuMsPerTransaction: CpuShare }

/** Runs pgbench for `seconds` with 64 clients: the standard TPC-B script, or a script file against `database`. */
export async function runPgbench(options: { seconds: number; clients?: number; script?: string; database?: string }): Promise<PgbenchResult> {
  const clients = options.clients ?? 64;
  const args = ['-h', '127.0.0.1', '-U', 'postgres', '-c', String(clients), '-j', '2', '-T', String(options.seconds)];
  if (options.script) args.push('-n', '-M', 'prepared', '-f', options.script);
  args.push(options.database ?? tpcbDatabase);
  const child = spawn('pgbench', args);
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const before = cpuSample(child.pid!);
  let after = before;
  const sampler = setInterval(() => { after = cpuSample(child.pid!); }, 250);
  await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const tps = Number((/tps = ([\d.]+)/.exec(output) ?? [])[1]);
  const transactions = Number((/number of transactions actually processed: (\d+)/.exec(output) ?? [])[1]);
  if (!tps) throw new Error(`pgbench failed:\n${output}`);
  return { tps, cpuMsPerTransaction: cpuPerUnit(before, after, transactions) };
}

// ---- rounds and medians ----

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs each step once per round, in the same order every round (so they alternate), `rounds` times. */
export async function alternate<T>(rounds: number, steps: Record<string, () => Promise<T>>): Promise<Record<string, T[]>> {
  const results: Record<string, T[]> = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, step] of Object.entries(steps)) {
      const result = await step();
      results[name]!.push(result);
      console.log(`round ${round} ${name}: ${JSON.stringify(result)}`);
    }
  }
  return results;
}

export const formatCpu = (cpu: CpuShare) =>
  `generator ${cpu.generator.toFixed(3)} ms, Node ${cpu.node.toFixed(3)} ms, PostgreSQL ${cpu.postgres.toFixed(3)} ms`;

export const medianCpu = (shares: CpuShare[]): CpuShare => ({
  generator: median(shares.map((s) => s.generator)),
  node: median(shares.map((s) => s.node)),
  postgres: median(shares.map((s) => s.postgres)),
});

/** Runs `npm run reconcile` on the bench database; throws on drift. */
export function reconcileOrFail(url = benchDatabaseUrl()): string {
  const result = spawnSync('npx', ['tsx', 'server/cli/reconcile.ts'], { env: { ...process.env, DATABASE_URL: url, PIN_PEPPER: benchPepper }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`reconcile found drift:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim().split('\n').at(-1) ?? '';
}
