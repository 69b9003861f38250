/**
 * npm run bench:hot — all 64 clients pay the same merchant: its counters are spread over
 * slots, so no single row serialises them.
 */
import { accountMap, machine, paymentsDataset, qrToken, reconcileOrFail, runWrk, startServer, wrkScript } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const hotMerchant = 0;
const payers = (await accountMap(dataset.url)).filter((a) => a.merchants.includes(hotMerchant));
wrkScript(payers.map((a) => ({ token: a.token, qr: qrToken(hotMerchant) })), '/tmp/khata-bench-hot.lua');
console.log(`${payers.length} customers pay merchant ${hotMerchant}`);

const server = await startServer({ DATABASE_URL: dataset.url, DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '16' });
await runWrk(server.url, '/tmp/khata-bench-hot.lua', 64, 3);
const http = await runWrk(server.url, '/tmp/khata-bench-hot.lua', 64, seconds);
await server.stop();
console.log(`HTTP: ${http.requests} payments in ${http.seconds.toFixed(1)} s, non-201: ${http.non2xx}, p50 ${http.p50Ms} ms, p99 ${http.p99Ms} ms`);
console.log(`Server RSS max: ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
console.log(reconcileOrFail(dataset.url));
console.log(`RESULT payments/s over HTTP, 64 clients paying one merchant: ${http.perSecond.toFixed(0)}`);
