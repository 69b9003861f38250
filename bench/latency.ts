/**
 * npm run bench:latency — p99 at 60 % of the capacity measured in the same run, open loop
 * (the goal: p99 ≤ 15 ms; docs/performance.md). Each round first measures capacity (64 clients, closed loop, wrk),
 * then sends payments on a fixed schedule at 60 % of it whether or not earlier ones have
 * answered, each latency measured from its scheduled time, so a stall is not hidden (no
 * coordinated omission). The shipped configuration, with an Idempotency-Key per payment.
 */
import http from 'node:http';
import { accountMap, alternate, machine, median, paymentsDataset, qrToken, reconcileOrFail, runWrk, startServer, wrkScript } from './lib';
import { benchPin } from './seed';

const share = Number(process.env.BENCH_SHARE ?? 0.6);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const accounts = await accountMap(dataset.url);
wrkScript(accounts.map((a, i) => ({ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) })), '/tmp/khata-bench-latency.lua');
const server = await startServer({ DATABASE_URL: dataset.url });
const { port } = new URL(server.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let sent = 0;

function pay(i: number): Promise<number> {
  const account = accounts[i % accounts.length]!;
  const body = JSON.stringify({ qrData: qrToken(account.merchants[i % account.merchants.length]!), pin: benchPin, amount: '10.00' });
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/payments/process', agent,
      headers: {
        'content-type': 'application/json', authorization: `Bearer ${account.token}`, 'content-length': Buffer.byteLength(body),
        'idempotency-key': `latency-${process.pid}-${sent++}`,
      },
    }, (response) => { response.resume(); response.on('end', () => resolve(response.statusCode ?? 0)); });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

async function openLoop(rate: number, durationSeconds: number) {
  const latenciesMs: number[] = [];
  let failures = 0;
  const total = Math.round(rate * durationSeconds);
  const start = performance.now() + 50;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(pay(i).then((status) => {
      latenciesMs.push(performance.now() - scheduled);
      if (status !== 201) failures++;
    }));
  }
  await Promise.all(inFlight);
  latenciesMs.sort((a, b) => a - b);
  const pct = (p: number) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor((p / 100) * latenciesMs.length))]!;
  return { rate, sent: total, failures, p50Ms: pct(50), p99Ms: pct(99), maxMs: latenciesMs.at(-1)! };
}

await runWrk(server.url, '/tmp/khata-bench-latency.lua', 64, 3);
await openLoop(100, 2);
const results: { capacity: number; rate: number; sent: number; failures: number; p50Ms: number; p99Ms: number; maxMs: number }[] = [];
await alternate(rounds, {
  round: async () => {
    const capacity = (await runWrk(server.url, '/tmp/khata-bench-latency.lua', 64, 10)).perSecond;
    const result = { capacity, ...(await openLoop(Math.round(capacity * share), seconds)) };
    results.push(result);
    return result;
  },
});
await server.stop();
agent.destroy();
console.log(reconcileOrFail(dataset.url));
console.log(`--- medians of ${rounds} rounds ---`);
console.log(`capacity ${median(results.map((r) => r.capacity)).toFixed(0)} payments/s; open loop at ${share * 100} % of it: `
  + `p50 ${median(results.map((r) => r.p50Ms)).toFixed(1)} ms, max ${median(results.map((r) => r.maxMs)).toFixed(1)} ms, `
  + `non-201 ${results.reduce((sum, r) => sum + r.failures, 0)}; server RSS max ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
console.log(`RESULT p99 at ${share * 100} % of capacity, open loop: ${median(results.map((r) => r.p99Ms)).toFixed(1)} ms (goal ≤ 15 ms; runs ${results.map((r) => r.p99Ms.toFixed(1)).join(', ')})`);
