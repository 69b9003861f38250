/**
 * npm run bench:payments — payments per second over HTTP, 64 clients over 1,000 merchants
 * (PostgreSQL, durable commits), in the shipped configuration: the server as a
 * production user runs it, with an Idempotency-Key on every payment. Each round also runs
 * the two references on the same PostgreSQL: pgbench's standard TPC-B script at 64 clients,
 * and pgbench running exactly the SQL the endpoint runs. Three rounds, alternating; the
 * figures are the medians. BENCH_TUNED=1 adds a run without request limits and request
 * log, reported beside the shipped one.
 */
import { writeFileSync } from 'node:fs';
import {
  accountMap, alternate, formatCpu, initTpcb, machine, median, medianCpu, paymentsDataset, qrToken, reconcileOrFail,
  runPgbench, runWrk, serverEnv, startServer, wrkScript, type RunningServer, type WrkResult,
} from './lib';
import { payStatementForPgbench } from './statements';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 64;

console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const accounts = await accountMap(dataset.url);
// Each connection walks all 10,000 customers' sessions in turn (one of their merchants
// each), so consecutive requests hit different merchants and customers, and a session
// sees a few calls a minute, far under its limit.
const pairs = accounts.map((a, i) => ({ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) }));
wrkScript(pairs, '/tmp/khata-bench-pay.lua');
writeFileSync('/tmp/khata-bench-pay.sql', payStatementForPgbench(dataset));
initTpcb();

const pool: Record<string, string> = process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {};
const servers: Record<string, RunningServer> = {
  shipped: await startServer({ DATABASE_URL: dataset.url, ...pool }),
};
if (process.env.BENCH_TUNED === '1') {
  servers.tuned = await startServer({ DATABASE_URL: dataset.url, ...serverEnv({ tuned: true }), ...pool });
}
const warmUps: Record<string, number> = {};
for (const [name, server] of Object.entries(servers)) warmUps[name] = (await runWrk(server.url, '/tmp/khata-bench-pay.lua', connections, 3)).requests;

const http = (server: RunningServer) => () => runWrk(server.url, '/tmp/khata-bench-pay.lua', connections, seconds, server.child.pid);
const results = await alternate<WrkResult | Awaited<ReturnType<typeof runPgbench>>>(rounds, {
  ...Object.fromEntries(Object.entries(servers).map(([name, server]) => [`http ${name}`, http(server)])),
  'pgbench same SQL': () => runPgbench({ seconds, script: '/tmp/khata-bench-pay.sql', database: new URL(dataset.url).pathname.slice(1) }),
  'pgbench TPC-B': () => runPgbench({ seconds }),
});
const logLines = Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.logLines()]));
for (const server of Object.values(servers)) await server.stop();

const shipped = results['http shipped'] as WrkResult[];
const sameSql = results['pgbench same SQL'] as Awaited<ReturnType<typeof runPgbench>>[];
const tpcb = results['pgbench TPC-B'] as Awaited<ReturnType<typeof runPgbench>>[];
const ratios = (of: number[], to: number[]) => of.map((value, i) => value / to[i]!);
const httpPerSecond = shipped.map((r) => r.perSecond);
// The shipped server's log covers its warm-up as well as its timed runs.
const served = shipped.reduce((sum, r) => sum + r.requests, 0) + warmUps.shipped!;

console.log(reconcileOrFail(dataset.url));
console.log(`--- medians of ${rounds} alternating rounds of ${seconds} s ---`);
for (const [name, server] of Object.entries(servers)) {
  const runs = results[`http ${name}`] as WrkResult[];
  console.log(`HTTP ${name}: ${median(runs.map((r) => r.perSecond)).toFixed(0)} payments/s (runs ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), `
    + `non-201 ${runs.reduce((sum, r) => sum + r.non2xx, 0)}, p50 ${median(runs.map((r) => r.p50Ms)).toFixed(1)} ms, `
    + `p99 ${median(runs.map((r) => r.p99Ms)).toFixed(1)} ms, server RSS max ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
  console.log(`  CPU per payment: ${formatCpu(medianCpu(runs.map((r) => r.cpuMsPerRequest)))}`);
}
console.log(`  request log: ${(logLines.shipped! / served).toFixed(2)} lines per payment (shipped)`);
console.log(`pgbench same SQL: ${median(sameSql.map((r) => r.tps)).toFixed(0)} payments/s (runs ${sameSql.map((r) => r.tps.toFixed(0)).join(', ')}); `
  + `CPU per payment: ${formatCpu(medianCpu(sameSql.map((r) => r.cpuMsPerTransaction)))}`);
console.log(`pgbench TPC-B -s 64: ${median(tpcb.map((r) => r.tps)).toFixed(0)} tps (runs ${tpcb.map((r) => r.tps.toFixed(0)).join(', ')}); `
  + `CPU per transaction: ${formatCpu(medianCpu(tpcb.map((r) => r.cpuMsPerTransaction)))}`);
console.log(`RESULT HTTP ÷ TPC-B: ${median(ratios(httpPerSecond, tpcb.map((r) => r.tps))).toFixed(2)} (target ≥ 0.80; per round ${ratios(httpPerSecond, tpcb.map((r) => r.tps)).map((r) => r.toFixed(2)).join(', ')})`);
console.log(`RESULT HTTP ÷ same SQL: ${(100 * median(ratios(httpPerSecond, sameSql.map((r) => r.tps)))).toFixed(0)} % (target ≥ 75 %)`);
console.log(`RESULT payments/s over HTTP, 64 clients over 1,000 merchants: ${median(httpPerSecond).toFixed(0)}`);
