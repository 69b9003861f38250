/**
 * npm run bench:payments — payments per second over HTTP with 64 concurrent clients
 * spread over 1,000 merchants (PostgreSQL, durable commits), next to the raw SQL ceiling
 * measured by pgbench running the same two statements the endpoint runs.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { idempotencyTtlSeconds, paymentPaiseMax, pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax } from '@common/limits';
import { pinCounter } from '../server/features/auth/pins.service';
import { counterSlots } from '../server/features/stats/stats.service';
import { accountMap, machine, paymentsDataset, qrToken, reconcileOrFail, runWrk, startServer, wrkScript } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 64;

console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const accounts = await accountMap(dataset.url);
// Client pairs: every customer with one of its merchants, interleaved so consecutive
// requests hit different merchants and customers.
const pairs = accounts.flatMap((a, i) => [{ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) }]);
wrkScript(pairs, '/tmp/khata-bench-pay.lua');

const server = await startServer({ DATABASE_URL: dataset.url, DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '16' });
await runWrk(server.url, '/tmp/khata-bench-pay.lua', connections, 3); // warm-up
const http = await runWrk(server.url, '/tmp/khata-bench-pay.lua', connections, seconds);
await server.stop();
const rssMaxMb = Math.max(...server.rssKb) / 1024;

// The raw SQL ceiling: the session lookup and the khata_pay call, straight from pgbench.
// khata_pay is the function the server runs (server/db/functions/khata_pay.sql, installed
// by migratePostgres); its arguments come from the same limits, and the PIN counter key
// from pinCounter, written as SQL around the customer's id.
const attemptKeySql = `'${pinCounter.account("' || c.customer_id || '")}'`;
writeFileSync('/tmp/khata-bench-pay.sql', `
\\set n random(0, ${dataset.customers - 1})
\\set k random(0, 9)
SELECT u.id, u.role, u.name, u.phone, u.email, s.idle_expires_at FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = (SELECT token_hash FROM bench_clients WHERE n = :n) AND s.revoked_at IS NULL
   AND s.idle_expires_at > now() AND s.absolute_expires_at > now() LIMIT 1;
SELECT khata_pay(c.customer_id, ${attemptKeySql}, jsonb_build_object('1', u.pin_hash),
  (SELECT q.token FROM credit_accounts a JOIN qr_codes q ON q.business_id = a.business_id
    WHERE a.customer_id = c.customer_id ORDER BY a.business_id OFFSET :k LIMIT 1),
  1000, NULL, 'x', now(), now() + interval '${idempotencyTtlSeconds} seconds', gen_random_uuid(), (:k % ${counterSlots})::smallint,
  ${pinAttemptsMax}, ${pinLockSecondsBase}, ${pinLockSecondsMax}, ${paymentPaiseMax})
FROM bench_clients c JOIN users u ON u.id = c.customer_id WHERE c.n = :n;
`);
const pgbench = spawnSync('pgbench', ['-n', '-h', '127.0.0.1', '-U', 'postgres', '-c', String(connections), '-j', '2',
  '-T', String(seconds), '-M', 'prepared', '-f', '/tmp/khata-bench-pay.sql', new URL(dataset.url).pathname.slice(1)], { encoding: 'utf8' });
const tps = Number((/tps = ([\d.]+)/.exec(pgbench.stdout) ?? [])[1]);
if (!tps) throw new Error(`pgbench failed:\n${pgbench.stdout}${pgbench.stderr}`);

console.log(`HTTP: ${http.requests} payments in ${http.seconds.toFixed(1)} s, non-201: ${http.non2xx}, p50 ${http.p50Ms} ms, p99 ${http.p99Ms} ms`);
console.log(`Server RSS max: ${rssMaxMb.toFixed(0)} MB`);
console.log(`pgbench (same SQL, ${connections} clients, prepared): ${tps.toFixed(0)} payments/s`);
console.log(reconcileOrFail(dataset.url));
console.log(`Ratio to the raw SQL ceiling: ${(100 * http.perSecond / tps).toFixed(0)} %`);
console.log(`RESULT payments/s over HTTP, 64 clients over 1,000 merchants: ${http.perSecond.toFixed(0)}`);
