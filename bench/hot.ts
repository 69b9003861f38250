/**
 * npm run bench:hot — all 64 clients pay one merchant, against the same 64 clients spread
 * over 1,000 merchants, alternating in the same run (target: hot ≥ 90 % of uniform;
 * docs/performance.md). The shipped configuration, as bench:payments. The hot merchant's payers are
 * 1,000 customers, so each session stays under its per-minute request limit.
 */
import { accountMap, alternate, formatCpu, machine, median, medianCpu, paymentsDataset, qrToken, reconcileOrFail, runWrk, startServer, wrkScript } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const hotMerchant = 0;
const accounts = await accountMap(dataset.url);
const payers = accounts.filter((a) => a.merchants.includes(hotMerchant));
wrkScript(payers.map((a) => ({ token: a.token, qr: qrToken(hotMerchant) })), '/tmp/khata-bench-hot.lua');
wrkScript(accounts.map((a, i) => ({ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) })), '/tmp/khata-bench-uniform.lua');
console.log(`${payers.length} customers pay merchant ${hotMerchant}`);

const server = await startServer({ DATABASE_URL: dataset.url });
await runWrk(server.url, '/tmp/khata-bench-uniform.lua', 64, 3);
await runWrk(server.url, '/tmp/khata-bench-hot.lua', 64, 3);
const results = await alternate(rounds, {
  uniform: () => runWrk(server.url, '/tmp/khata-bench-uniform.lua', 64, seconds, server.child.pid),
  hot: () => runWrk(server.url, '/tmp/khata-bench-hot.lua', 64, seconds, server.child.pid),
});
await server.stop();
console.log(reconcileOrFail(dataset.url));
console.log(`--- medians of ${rounds} alternating rounds of ${seconds} s ---`);
for (const [name, runs] of Object.entries(results)) {
  console.log(`${name}: ${median(runs.map((r) => r.perSecond)).toFixed(0)} payments/s (runs ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), `
    + `non-201 ${runs.reduce((sum, r) => sum + r.non2xx, 0)}, p99 ${median(runs.map((r) => r.p99Ms)).toFixed(1)} ms; `
    + `CPU per payment: ${formatCpu(medianCpu(runs.map((r) => r.cpuMsPerRequest)))}`);
}
console.log(`Server RSS max: ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
const ratios = results.hot!.map((r, i) => r.perSecond / results.uniform![i]!.perSecond);
console.log(`RESULT hot ÷ uniform: ${(100 * median(ratios)).toFixed(0)} % (target ≥ 90 %; per round ${ratios.map((r) => (100 * r).toFixed(0)).join(', ')} %)`);
