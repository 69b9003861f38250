/**
 * npm run bench:dues — the merchant's "To collect" card (docs/product.md#dues-and-reminders) at 100,000 credit
 * accounts of one merchant: GET /api/business/to-collect over HTTP (wrk, one connection)
 * and its SQL alone (the repository's query, in process), p50 and p99, the median of 3
 * rounds, for a realistic share overdue (about 30 %) and for every account overdue, with
 * today's overdue amounts cached as the maintenance job leaves them (the steady state), and
 * for every account overdue with every figure stale (the first reads after India midnight,
 * before the job has run: the card recomputes them all). Writes the query plans to
 * /tmp/khata-dues-plans.txt and reconciles the ledger after.
 * Like the other benches it re-creates the bench database (BENCH_DATABASE, khata_bench).
 *
 *   BENCH_ACCOUNTS=100000 BENCH_SECONDS=10 npm run bench:dues
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/db/client';
import { systemClock } from '../server/clock';
import { toCollect, toCollectSetupSql, toCollectSql } from '../server/features/dues/dues.repository';
import { createLedger } from '../server/ledger/ledger';
import { indiaDay } from '../server/india-days';
import { machine, median, reconcileOrFail, runWrk, startServer, wrkGetScript } from './lib';
import { freshBenchDatabase } from './database';
import { seed } from './seed';

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const sqlRuns = Number(process.env.BENCH_SQL_RUNS ?? 200);
const rounds = 3;
console.log(`Machine: ${machine()}`);

const { url, pool } = await freshBenchDatabase();
const seedStarted = Date.now();
// One merchant, each customer one account with it and three payments over 180 days.
await seed(pool, { customers: accounts, merchants: 1, accountsPerCustomer: 1, transactions: accounts * 3, limitPaise: 5_000_000 });
console.log(`Seeded ${accounts} accounts and ${accounts * 3} payments in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);

// Enough sessions of the one merchant that none reaches the per-session request limit.
const tokens = Array.from({ length: 500 }, (_, i) => `bench-dues-merchant-${i}`);
await pool.query(`
  insert into sessions (token_hash, user_id, member_id, created_at, idle_expires_at, absolute_expires_at)
  select encode(sha256(convert_to(t, 'UTF8')), 'hex'), b.user_id, m.id, now(), now() + interval '29 days', now() + interval '29 days'
  from businesses b join shop_members m on m.business_id = b.id and m.user_id = b.user_id and m.founding
  cross join unnest($1::text[]) as t`, [tokens]);
const { rows: [{ id: businessId }] } = await pool.query('select id from businesses limit 1');

const database = openPostgres({ connectionString: url, poolSize: 2 });
const ledger = createLedger({ db: database.db, clock: systemClock });

/**
 * Moves the payments' due dates (free data: nothing else depends on them) so that the
 * accounts whose hash falls under `overduePercent` have every payment due before today and
 * the others every payment due after it, then recomputes next_due_on as khata_pay keeps it
 * and today's overdue amounts as the maintenance job does after midnight.
 */
async function dueDates(overduePercent: number): Promise<{ overdueAccounts: number; jobMs: number }> {
  const today = indiaDay(new Date());
  await pool.query(`
    update transactions t set due_on = case
      when (hashtext(t.credit_account_id::text) & 2147483647) % 100 < $1 then $2::date - 1 - (hashtext(t.id::text) & 2147483647) % 60
      else $2::date + 1 + (hashtext(t.id::text) & 2147483647) % 30 end
    where t.type = 'payment'`, [overduePercent, today]);
  await pool.query(`
    update credit_accounts a set next_due_on = d.next_due_on, overdue_on = $1::date - 1
    from (select credit_account_id, min(due_on) as next_due_on from transactions where type = 'payment' group by 1) d
    where d.credit_account_id = a.id`, [today]);
  const jobStarted = performance.now();
  await ledger.refreshOverdue();
  const jobMs = performance.now() - jobStarted;
  await pool.query('vacuum analyze credit_accounts');
  await pool.query('vacuum analyze transactions');
  const { rows: [row] } = await pool.query('select count(*)::int as n from credit_accounts where next_due_on < $1::date', [today]);
  return { overdueAccounts: row.n, jobMs };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
async function sqlAlone(): Promise<{ p50Ms: number; p99Ms: number }> {
  const today = indiaDay(new Date());
  for (let i = 0; i < 5; i++) await toCollect(database.db, businessId, today);
  const times: number[] = [];
  // BENCH_SQL_RUNS runs, cut short after BENCH_SECONDS once 20 are in (a slow query's p99 is then its worst).
  const deadline = performance.now() + seconds * 1000;
  for (let i = 0; i < sqlRuns && (i < 20 || performance.now() < deadline); i++) {
    const started = performance.now();
    await toCollect(database.db, businessId, today);
    times.push(performance.now() - started);
  }
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}

const script = '/tmp/khata-dues-to-collect.lua';
wrkGetScript('/api/business/to-collect', tokens, script);

const plans: string[] = [];
const results: string[] = [];
let overdueAccounts = 0;
for (const [name, overduePercent, stale] of [
  ['about 30 % overdue', 30, false], ['all overdue', 100, false], ['all overdue, every cached figure stale', 100, true],
] as const) {
  if (!stale) {
    const dues = await dueDates(overduePercent);
    overdueAccounts = dues.overdueAccounts;
    console.log(`${name}: the maintenance job cached ${overdueAccounts} overdue amounts in ${dues.jobMs.toFixed(0)} ms`);
  }
  const server = await startServer({ DATABASE_URL: url, DB_POOL_SIZE: '4' });
  // The server runs the maintenance job as it starts: the warm-up gives it time to find
  // nothing to do. Only then are the figures made yesterday's, as after India midnight
  // before the job's next run (ten minutes away, well after this case's measurements).
  await runWrk(server.url, script, 1, 2);
  if (stale) {
    await pool.query('update credit_accounts set overdue_on = overdue_on - 1 where overdue_on is not null');
    await pool.query('vacuum analyze credit_accounts');
  }
  const today = indiaDay(new Date());
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(toCollectSetupSql);
    return rowsOf<Record<string, string>>(await tx.execute(sql`explain (analyze, buffers, costs off) ${toCollectSql(businessId, today)}`));
  });
  const planText = plan.map((r) => r['QUERY PLAN']).join('\n');
  plans.push(`-- To collect, ${name} (${overdueAccounts} of ${accounts} accounts)\n${planText}`);
  const usesIndex = planText.includes('credit_accounts_business_next_due_idx');

  const http: { p50Ms: number; p99Ms: number }[] = [];
  const sqlTimes: { p50Ms: number; p99Ms: number }[] = [];
  let non2xx = 0;
  for (let round = 1; round <= rounds; round++) {
    const r = await runWrk(server.url, script, 1, seconds);
    non2xx += r.non2xx;
    http.push(r);
    sqlTimes.push(await sqlAlone());
    console.log(`${name}, round ${round}: HTTP p50 ${r.p50Ms.toFixed(2)} ms p99 ${r.p99Ms.toFixed(2)} ms (${r.perSecond.toFixed(0)} req/s); `
      + `SQL p50 ${sqlTimes.at(-1)!.p50Ms.toFixed(2)} ms p99 ${sqlTimes.at(-1)!.p99Ms.toFixed(2)} ms`);
  }
  await server.stop();
  const m = (values: { p50Ms: number; p99Ms: number }[], key: 'p50Ms' | 'p99Ms') => median(values.map((v) => v[key])).toFixed(2);
  results.push(`To collect, ${name} (${overdueAccounts} of ${accounts} accounts overdue; next-due index used: ${usesIndex}): `
    + `HTTP p50 ${m(http, 'p50Ms')} ms, p99 ${m(http, 'p99Ms')} ms; SQL alone p50 ${m(sqlTimes, 'p50Ms')} ms, p99 ${m(sqlTimes, 'p99Ms')} ms `
    + `(median of ${rounds} rounds; non-2xx ${non2xx})`);
}
await database.close();
await pool.end();
writeFileSync('/tmp/khata-dues-plans.txt', plans.join('\n\n'));
for (const line of results) console.log(`RESULT ${line}`);
console.log('Query plans: /tmp/khata-dues-plans.txt');
console.log(reconcileOrFail(url));
