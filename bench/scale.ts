/**
 * npm run bench:scale — at 1,000,000 transactions: the customer history page, the
 * merchant history page, the merchant dashboard stats (with the month's trend), the
 * admin counts and the admin's 90-day analytics (from rollups), each
 * measured over HTTP (p99), with the query plans that show no request scans a table
 * that grows.
 */
import { writeFileSync } from 'node:fs';
import { freshBenchDatabase } from './database';
import { machine, reconcileOrFail, runWrk, startServer, wrkGetScript } from './lib';
import { customerToken, merchantToken, seed } from './seed';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
console.log(`Machine: ${machine()}`);
const { url, pool } = await freshBenchDatabase();
const seedStarted = Date.now();
await seed(pool, { customers: 10_000, merchants: 1_000, accountsPerCustomer: 10, transactions, limitPaise: 5_000_000 });
const seedSeconds = (Date.now() - seedStarted) / 1000;
// Enough admin sessions that none reaches the per-session request limit (300 a minute)
// while wrk sends thousands of requests a second: one session alone was answered 429.
const adminTokens = Array.from({ length: 500 }, (_, i) => `bench-admin-session-${i}`);
await pool.query(`
  with a as (insert into users (id, role, name, email, pin_hash, pin_key_version, created_at)
             values (gen_random_uuid(), 'admin', 'Bench Admin', 'admin@bench.example', 'x', 1, now()) returning id)
  insert into sessions (token_hash, user_id, created_at, idle_expires_at, absolute_expires_at)
  select encode(sha256(convert_to(t, 'UTF8')), 'hex'), id, now(), now() + interval '29 days', now() + interval '29 days'
  from a cross join unnest($1::text[]) as t`, [adminTokens]);
const { rows: [counts] } = await pool.query('select count(*)::int as transactions from transactions');
console.log(`Seeded ${counts.transactions} transactions in ${seedSeconds.toFixed(0)} s`);

// The plans of the statements behind each endpoint, for docs/performance.md.
const sample = (await pool.query(`
  select t.customer_id, t.business_id from transactions t order by t.id limit 1`)).rows[0];
const plans: string[] = [];
const explain = async (title: string, sql: string, params: unknown[]) => {
  const { rows } = await pool.query(`explain (analyze, buffers, costs off) ${sql}`, params);
  plans.push(`-- ${title}\n${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
};
await explain('customer history page', `
  select t.id, t.amount_paise, b.business_name, u.name from transactions t
  join businesses b on b.id = t.business_id join users u on u.id = t.customer_id
  where t.customer_id = $1 order by t.created_at desc, t.id desc limit 16`, [sample.customer_id]);
await explain('merchant history page', `
  select t.id, t.amount_paise, b.business_name, u.name from transactions t
  join businesses b on b.id = t.business_id join users u on u.id = t.customer_id
  where t.business_id = $1 order by t.created_at desc, t.id desc limit 16`, [sample.business_id]);
await explain('merchant dashboard stats', `
  select sum(customers), sum(credit_issued_paise), sum(revenue_paise), sum(payments) from business_counters where business_id = $1`, [sample.business_id]);
await explain('merchant dashboard trend (this month and last, from daily rollups)', `
  select sum(revenue_paise) filter (where day >= date_trunc('month', now())::date), sum(payments) from business_daily
  where business_id = $1 and day between (date_trunc('month', now()) - interval '1 month')::date and now()::date`, [sample.business_id]);
await explain('admin analytics: the open day of every merchant', `
  select business_id, sum(revenue_paise) from business_daily where day >= now()::date group by business_id`, []);
await explain('admin counts', `select sum(pending_businesses), sum(approved_businesses), sum(customers) from platform_counters`, []);
await explain('admin recent applications', `
  select b.id from businesses b join users u on u.id = b.user_id order by b.created_at desc, b.id desc limit 6`, []);
writeFileSync('/tmp/khata-scale-plans.txt', plans.join('\n\n'));
await pool.end();


const server = await startServer({ DATABASE_URL: url, DB_POOL_SIZE: '16' });
const customers = Array.from({ length: 2000 }, (_, i) => customerToken(i * 5));
const merchants = Array.from({ length: 1000 }, (_, i) => merchantToken(i));
const endpoints = [
  ['customer history page', '/api/transactions/customer', customers],
  ['merchant history page', '/api/transactions/business', merchants],
  ['merchant dashboard stats', '/api/business/stats', merchants],
  ['admin counts', '/api/admin/stats', adminTokens],
  ['admin analytics, 90 days', '/api/admin/analytics?days=90', adminTokens],
] as const;
const results: string[] = [];
let worstP99 = 0;
// One connection measures a request's own latency; eight show it under saturating load
// (the load generator, the server and PostgreSQL share the two cores).
for (const connections of [1, 8]) {
  for (const [name, path, tokens] of endpoints) {
    const file = `/tmp/khata-scale-${path.replaceAll(/[/?=]/g, '_')}.lua`;
    wrkGetScript(path, [...tokens], file);
    await runWrk(server.url, file, connections, 2);
    const r = await runWrk(server.url, file, connections, seconds);
    if (connections === 1) worstP99 = Math.max(worstP99, r.p99Ms);
    results.push(`${name}: ${r.perSecond.toFixed(0)} req/s with ${connections} connection(s), p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, non-2xx ${r.non2xx}`);
  }
}
await server.stop();
for (const line of results) console.log(line);
console.log('Query plans: /tmp/khata-scale-plans.txt');
console.log(reconcileOrFail(url));
console.log(`RESULT worst p99 of the ${endpoints.length} endpoints at ${counts.transactions} transactions, one connection: ${worstP99.toFixed(2)} ms`);
