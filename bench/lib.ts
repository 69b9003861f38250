/**
 * Shared pieces of the benchmarks: a seeded PostgreSQL database with one static QR code
 * per merchant, the real server as a child process, wrk, and the reconcile check.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { benchDatabaseUrl, freshBenchDatabase } from './database';
import { benchPepper, benchPin, customerToken, seed } from './seed';

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** The QR token of merchant j's static code (22 characters, as real tokens). */
export const qrToken = (j: number) => `bq${String(j).padStart(20, '0')}`;

export interface PaymentsDataset { url: string; customers: number; merchants: number; accounts: number }

/** 10,000 customers × 1,000 merchants, 10 accounts each, one long-lived static code per merchant. */
export async function paymentsDataset(options: Partial<PaymentsDataset> = {}): Promise<PaymentsDataset> {
  const customers = options.customers ?? 10_000;
  const merchants = options.merchants ?? 1_000;
  const accounts = options.accounts ?? 10;
  const { url, pool } = await freshBenchDatabase();
  await seed(pool, { customers, merchants, accountsPerCustomer: accounts, transactions: 0, limitPaise: 5_000_000 });
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

export interface RunningServer { url: string; child: ChildProcess; rssKb: number[]; stop(): Promise<void> }

/**
 * Starts the real server (production settings but the development SMS provider, asked
 * for by name since a DATABASE_URL refuses to start without SMS_PROVIDER) with no request
 * limits: wrk drives thousands of calls a second through a few sessions.
 */
export async function startServer(env: Record<string, string>, port = 5600): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', PIN_PEPPER: benchPepper, SMS_PROVIDER: 'development',
      RATE_LIMIT_PER_MINUTE: '0', SESSION_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error', WEB_DIR: '/nonexistent',
      NODE_ENV: 'development', ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Khata is running')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  const rssKb: number[] = [];
  const sampler = setInterval(() => {
    const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(child.pid)]).stdout.toString().trim();
    if (rss) rssKb.push(Number(rss));
  }, 500);
  return {
    url: `http://127.0.0.1:${port}`, child, rssKb,
    async stop() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** A wrk Lua script that pays round-robin over (token, qr token) pairs. */
export function wrkScript(pairs: { token: string; qr: string }[], path: string): void {
  const rows = pairs.map((p) => `{"${p.token}","${p.qr}"}`).join(',\n');
  writeFileSync(path, `
local pairs_ = {${rows}}
local counter = 0
local failures = 0
function setup(thread) thread:set("id", math.random(1, #pairs_)) end
function init(args) counter = id end
function request()
  counter = counter % #pairs_ + 1
  local p = pairs_[counter]
  local body = '{"qrData":"' .. p[2] .. '","pin":"${benchPin}","amount":"10.00"}'
  return wrk.format("POST", "/api/payments/process",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. p[1] }, body)
end
function response(status, headers, body)
  if status ~= 201 then failures = failures + 1 end
end
function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d duration_us=%d errors_status=%d p50_us=%d p99_us=%d\\n",
    summary.requests, summary.duration, summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
`);
}

export interface WrkResult { requests: number; seconds: number; perSecond: number; non2xx: number; p50Ms: number; p99Ms: number }

/** Runs wrk without blocking this process, so the server's memory can be sampled meanwhile. */
export async function runWrk(url: string, script: string, connections: number, seconds: number): Promise<WrkResult> {
  const child = spawn('wrk', [`-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url]);
  let stdout = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (status !== 0) throw new Error(`wrk failed (${status}):\n${stdout}`);
  const result = { stdout };
  const match = /WRK requests=(\d+) duration_us=(\d+) errors_status=(\d+) p50_us=(\d+) p99_us=(\d+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk output not understood:\n${result.stdout}`);
  const requests = Number(match[1]);
  const seconds_ = Number(match[2]) / 1e6;
  const non2xx = Number((/Non-2xx or 3xx responses: (\d+)/.exec(result.stdout) ?? [])[1] ?? 0);
  return { requests, seconds: seconds_, perSecond: requests / seconds_, non2xx, p50Ms: Number(match[4]) / 1000, p99Ms: Number(match[5]) / 1000 };
}

/** Runs `npm run reconcile` on the bench database; throws on drift. */
export function reconcileOrFail(url = benchDatabaseUrl()): string {
  const result = spawnSync('npx', ['tsx', 'server/cli/reconcile.ts'], { env: { ...process.env, DATABASE_URL: url, PIN_PEPPER: benchPepper }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`reconcile found drift:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim().split('\n').at(-1) ?? '';
}
