/**
 * npm run bench:latency — p99 at a fixed arrival rate of 1,000 payments/s, open loop:
 * requests leave on a fixed schedule whether or not earlier ones have answered, and each
 * latency is measured from its scheduled time, so a stall is not hidden (no coordinated
 * omission).
 */
import http from 'node:http';
import { accountMap, machine, paymentsDataset, qrToken, reconcileOrFail, startServer } from './lib';
import { benchPin } from './seed';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const accounts = await accountMap(dataset.url);
const server = await startServer({ DATABASE_URL: dataset.url, DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '16' });
const { port } = new URL(server.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function pay(i: number): Promise<number> {
  const account = accounts[i % accounts.length]!;
  const body = JSON.stringify({ qrData: qrToken(account.merchants[i % account.merchants.length]!), pin: benchPin, amount: '10.00' });
  return new Promise((resolve) => {
    const request = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/payments/process', agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}`, 'content-length': Buffer.byteLength(body) },
    }, (response) => { response.resume(); response.on('end', () => resolve(response.statusCode ?? 0)); });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

async function run(durationSeconds: number, record: boolean) {
  const latenciesMs: number[] = [];
  let failures = 0;
  const total = rate * durationSeconds;
  const start = performance.now() + 50;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(pay(i).then((status) => {
      if (!record) return;
      latenciesMs.push(performance.now() - scheduled);
      if (status !== 201) failures++;
    }));
  }
  await Promise.all(inFlight);
  return { latenciesMs: latenciesMs.sort((a, b) => a - b), failures };
}

await run(3, false); // warm-up
const { latenciesMs, failures } = await run(seconds, true);
await server.stop();
agent.destroy();
const pct = (p: number) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor((p / 100) * latenciesMs.length))]!;
console.log(`Sent ${latenciesMs.length} payments at ${rate}/s for ${seconds} s; non-201: ${failures}`);
console.log(`Latency from scheduled time: p50 ${pct(50).toFixed(1)} ms, p90 ${pct(90).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, p99.9 ${pct(99.9).toFixed(1)} ms, max ${latenciesMs.at(-1)!.toFixed(1)} ms`);
console.log(`Server RSS max: ${(Math.max(...server.rssKb) / 1024).toFixed(0)} MB`);
console.log(reconcileOrFail(dataset.url));
console.log(`RESULT p99 at ${rate} payments/s open loop: ${pct(99).toFixed(1)} ms`);
