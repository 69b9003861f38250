/**
 * npm run bench:limits — what sharing the request limits across processes costs per request:
 * Redis (the shipped store, server/shared-limits) against a PostgreSQL table (the other
 * candidate, written here only), in the same run, medians of alternating rounds.
 *
 * 1. The check alone: 32 concurrent callers count requests of 1,000 sessions for
 *    BENCH_SECONDS: checks a second, latency, and CPU per check (Node, the store's server).
 * 2. End to end: the real server answering GET /api/auth/me (a session lookup, the cheapest
 *    signed-in call) under wrk, its session limit counted in memory or in Redis.
 *
 * Needs PostgreSQL (BENCH_SERVER_URL) and Redis (BENCH_REDIS_URL, default 127.0.0.1:6379).
 * Its own database (khata_limits), so it can run beside the other benchmarks.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';

process.env.BENCH_DATABASE ??= 'khata_limits';
const { freshBenchDatabase } = await import('./database');
const { alternate, cpuPerUnit, cpuSample, formatCpu, machine, median, startServer, runWrk, wrkGetScript } = await import('./lib');
const { customerToken, seed } = await import('./seed');
const { openSharedLimits } = await import('../server/shared-limits/shared-limits');

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = 32;
const sessions = 1_000;
const windowMs = 60_000;
const redisServer = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `khata-bench-${randomBytes(4).toString('hex')}:`;
const redisUrl = `${redisServer}${redisServer.includes('?') ? '&' : '?'}prefix=${prefix}`;

console.log(`Machine: ${machine()}`);
const { url, pool: seeding } = await freshBenchDatabase();
await seed(seeding, { customers: sessions, merchants: 10, accountsPerCustomer: 1, transactions: 0, limitPaise: 100_000 });
await seeding.end();

// ---- 1. the check alone ----

/**
 * The PostgreSQL candidate: one row per (limiter, key) and one statement per check, a fixed
 * window as the Redis script counts; expired rows would need a purge (not measured).
 */
async function postgresCounter(unlogged: boolean) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const table = unlogged ? 'rate_limit_windows_unlogged' : 'rate_limit_windows';
  await pool.query(`create ${unlogged ? 'unlogged ' : ''}table if not exists ${table} (
    key text primary key, count integer not null, ends_at timestamptz not null)`);
  const text = `
    insert into ${table} as w (key, count, ends_at) values ($1, 1, now() + $2 * interval '1 millisecond')
    on conflict (key) do update set
      count = case when w.ends_at <= now() then 1 else w.count + 1 end,
      ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
    returning count, (extract(epoch from ends_at - now()) * 1000)::int as ttl_ms`;
  return {
    count: async (key: string) => { await pool.query({ name: `count-${table}`, text, values: [`session:${key}`, windowMs] }); },
    close: () => pool.end(),
  };
}

async function redisCounter() {
  const shared = openSharedLimits(redisUrl);
  if (!(await shared.ready())) throw new Error(`no Redis answers at ${redisServer}`);
  const count = shared.requests('session');
  return {
    count: async (key: string) => {
      if (!(await count(key, windowMs))) throw new Error('Redis did not answer a check');
    },
    close: () => shared.close(),
  };
}

/** Redis's own CPU seconds so far (user + system, from INFO), for CPU per check. */
async function redisCpuMs(info: Redis): Promise<number> {
  const text = await info.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(text)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

interface CheckResult { perSecond: number; p50Us: number; p99Us: number; nodeCpuMs: number; storeCpuMs: number }

async function measureChecks(counter: { count(key: string): Promise<void> }, store: 'redis' | 'postgres', info: Redis): Promise<CheckResult> {
  // A second of warm-up, then the measured run.
  for (const phase of ['warm-up', 'run'] as const) {
    const endAt = performance.now() + (phase === 'run' ? seconds : 1) * 1000;
    const latenciesUs: number[] = [];
    const cpuBefore = process.cpuUsage();
    const pgBefore = cpuSample(process.pid);
    const redisBefore = await redisCpuMs(info);
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
      let n = worker * 31;
      while (performance.now() < endAt) {
        const key = customerToken(n++ % sessions);
        const at = performance.now();
        await counter.count(key);
        latenciesUs.push((performance.now() - at) * 1000);
      }
    }));
    const elapsedS = (performance.now() - started) / 1000;
    if (phase === 'warm-up') continue;
    const cpu = process.cpuUsage(cpuBefore);
    const checks = latenciesUs.length;
    latenciesUs.sort((x, y) => x - y);
    const pgMsPerCheck = cpuPerUnit(pgBefore, cpuSample(process.pid), checks).postgres;
    const redisMsPerCheck = ((await redisCpuMs(info)) - redisBefore) / checks;
    return {
      perSecond: checks / elapsedS,
      p50Us: latenciesUs[Math.floor(checks * 0.5)]!,
      p99Us: latenciesUs[Math.floor(checks * 0.99)]!,
      nodeCpuMs: (cpu.user + cpu.system) / 1000 / checks,
      storeCpuMs: store === 'redis' ? redisMsPerCheck : pgMsPerCheck,
    };
  }
  throw new Error('unreachable');
}

const info = new Redis(redisServer);
const counters = {
  redis: await redisCounter(),
  'postgres table': await postgresCounter(false),
  'postgres unlogged table': await postgresCounter(true),
};
const checkResults = await alternate(rounds, {
  redis: () => measureChecks(counters.redis, 'redis', info),
  'postgres table': () => measureChecks(counters['postgres table'], 'postgres', info),
  'postgres unlogged table': () => measureChecks(counters['postgres unlogged table'], 'postgres', info),
});
for (const counter of Object.values(counters)) await counter.close();

// ---- 2. end to end ----

wrkGetScript('/api/auth/me', Array.from({ length: sessions }, (_, i) => customerToken(i)), '/tmp/khata-bench-limits.lua');
// A limit no session reaches: every request is counted, none refused.
const limits = { SESSION_RATE_LIMIT_PER_MINUTE: '1000000000', RATE_LIMIT_PER_MINUTE: '1000000000' };
const memoryServer = await startServer({ DATABASE_URL: url, ...limits });
const redisServerProcess = await startServer({ DATABASE_URL: url, REDIS_URL: redisUrl, ...limits });
for (const server of [memoryServer, redisServerProcess]) await runWrk(server.url, '/tmp/khata-bench-limits.lua', concurrency, 2);
const endToEnd = await alternate(rounds, {
  memory: () => runWrk(memoryServer.url, '/tmp/khata-bench-limits.lua', concurrency, seconds, memoryServer.child.pid),
  redis: () => runWrk(redisServerProcess.url, '/tmp/khata-bench-limits.lua', concurrency, seconds, redisServerProcess.child.pid),
});
await memoryServer.stop();
await redisServerProcess.stop();

const keys = await info.keys(`${prefix}*`);
for (let i = 0; i < keys.length; i += 1_000) await info.del(...keys.slice(i, i + 1_000));
info.disconnect();

// ---- report ----

console.log(`--- medians of ${rounds} alternating rounds of ${seconds} s, ${concurrency} concurrent callers, ${sessions} sessions ---`);
console.log('1. one limit check (count one request of one session):');
for (const [name, runs] of Object.entries(checkResults)) {
  console.log(`  ${name}: ${median(runs.map((r) => r.perSecond)).toFixed(0)} checks/s `
    + `(runs ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), p50 ${median(runs.map((r) => r.p50Us)).toFixed(0)} µs, `
    + `p99 ${median(runs.map((r) => r.p99Us)).toFixed(0)} µs; CPU per check: Node ${median(runs.map((r) => r.nodeCpuMs)).toFixed(3)} ms, `
    + `${name.startsWith('redis') ? 'Redis' : 'PostgreSQL'} ${median(runs.map((r) => r.storeCpuMs)).toFixed(3)} ms`);
}
console.log('2. GET /api/auth/me end to end (session limit counted in memory or in Redis):');
for (const [name, runs] of Object.entries(endToEnd)) {
  console.log(`  ${name}: ${median(runs.map((r) => r.perSecond)).toFixed(0)} requests/s (runs ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), `
    + `non-2xx ${runs.reduce((sum, r) => sum + r.non2xx, 0)}, p99 ${median(runs.map((r) => r.p99Ms)).toFixed(1)} ms; `
    + `CPU per request: ${formatCpu({
      generator: median(runs.map((r) => r.cpuMsPerRequest.generator)),
      node: median(runs.map((r) => r.cpuMsPerRequest.node)),
      postgres: median(runs.map((r) => r.cpuMsPerRequest.postgres)),
    })}`);
}
const ratio = (name: string) => median(checkResults[name]!.map((r) => r.perSecond)) / median(checkResults.redis!.map((r) => r.perSecond));
const overhead = median(endToEnd.redis!.map((r, i) => r.perSecond / endToEnd.memory![i]!.perSecond));
const nodeCpu = (name: string) => median(endToEnd[name]!.map((r) => r.cpuMsPerRequest.node));
const checkCpu = (name: string) => median(checkResults[name]!.map((r) => r.nodeCpuMs + r.storeCpuMs));
// On a busy machine the rates swing with the neighbours; CPU per request is the steadier figure.
console.log(`RESULT limits: a check in Redis runs ${(1 / ratio('postgres table')).toFixed(1)}× the rate of a PostgreSQL table's `
  + `(${(1 / ratio('postgres unlogged table')).toFixed(1)}× an unlogged one's) for ${checkCpu('redis').toFixed(3)} ms of CPU against `
  + `${checkCpu('postgres table').toFixed(3)} (${checkCpu('postgres unlogged table').toFixed(3)}) ms; end to end, GET /api/auth/me with its `
  + `limit in Redis keeps ${(100 * overhead).toFixed(0)} % of the in-memory rate, Node CPU per request ${nodeCpu('redis').toFixed(3)} ms `
  + `against ${nodeCpu('memory').toFixed(3)} ms`);
