/**
 * `npm run demo` as a separate process, as a newcomer runs it: into a fresh embedded
 * database (or, with TEST_DATABASE_URL, a fresh PostgreSQL database), then read back through
 * the app with the sign-ins it printed. It refuses a database with accounts and production.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAnalytics, BusinessStats, RepaymentClaim, ToCollect } from '@common/api/types';
import { parseRupees } from '@common/money';
import { buildApp, type KhataApp } from '../app';
import { loadConfig } from '../config';
import { rowsOf, type Db } from '../db/client';
import { openConfiguredDatabase } from '../db/open';
import { reconcile } from '../ledger/reconcile';
import { developmentSmsProvider } from '../sms/development';
import { createServerDatabase, testServerUrl } from '../test/database-url';

const dataDir = mkdtempSync(join(tmpdir(), 'khata-demo-'));
const serverUrl = testServerUrl();
let dropServerDatabase: (() => Promise<void>) | undefined;
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH, DATA_DIR: dataDir, PIN_PEPPER: randomBytes(32).toString('hex'), NODE_ENV: 'development',
};

beforeAll(async () => {
  if (!serverUrl) return;
  // An empty database, not the run's migrated template: the demo migrates it as npm start would.
  const database = await createServerDatabase(serverUrl, `khata_demo_${randomBytes(6).toString('hex')}`);
  env.DATABASE_URL = database.url;
  dropServerDatabase = () => database.close();
});

afterAll(async () => {
  await dropServerDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

function demo(extraEnv: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/demo.ts'], { env: { ...env, ...extraEnv }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
  });
}

/** What the command printed for one sign-in line: the e-mail or mobile number and the PIN. */
function printedSignIn(stdout: string, pattern: RegExp): { login: string; pin: string } {
  const match = pattern.exec(stdout);
  if (!match) throw new Error(`the demo printed no line matching ${pattern}:\n${stdout}`);
  return { login: match[1]!, pin: match[2]! };
}

async function withApp<T>(use: (app: KhataApp, db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({
    db: database.db, config: { ...config, rateLimitPerMinute: 0, sessionRateLimitPerMinute: 0 }, sms: developmentSmsProvider(() => {}),
  });
  try {
    return await use(app, database.db);
  } finally {
    await app.close();
    await database.close();
  }
}

async function signIn(app: KhataApp, role: 'admin' | 'business' | 'customer', credentials: object): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/auth/${role}/login`, payload: credentials });
  expect(response.statusCode, `${role} sign-in with the printed PIN: ${response.body}`).toBe(200);
  return response.json().sessionToken as string;
}

async function read<T>(app: KhataApp, token: string, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0]!;

/** Every table's row count: what "changed nothing" compares. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`));
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`)).n;
  }
  return counts;
}

// The demo runs three times here (tsx, the migrations, two months of shopping): allow for a busy machine.
describe('npm run demo', { timeout: 240_000 }, () => {
  let stdout = '';

  it('fills an empty database with two months of a shop, its customers and their dues, and prints working sign-ins', async () => {
    // What a first `npm start` leaves: its demo admin, and nothing else. The demo takes it over.
    await withApp(async (app) => app.services.auth.createAdminIfAbsent('admin@khata.local', '9731', 'Demo Admin'));
    const run = await demo();
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    stdout = run.stdout;
    expect(stdout).toContain('Ledger reconciled: no drift.');
    const admin = printedSignIn(stdout, /Admin +http:\/\/localhost:5000\/admin +e-mail (\S+), PIN (\d{4})/);
    const shop = printedSignIn(stdout, /Shop +http:\/\/localhost:5000\/merchant +e-mail (\S+), PIN (\d{4}) \(Sharma General Store\)/);
    const priya = printedSignIn(stdout, /Customer +http:\/\/localhost:5000\/cust +mobile (\d{10}), PIN (\d{4}) \(Priya Nair\)/);
    const rahul = printedSignIn(stdout, /Customer +http:\/\/localhost:5000\/cust +mobile (\d{10}), PIN (\d{4}) \(Rahul Verma\)/);
    expect(admin.login).toBe('admin@khata.local');
    expect(shop.login).toBe('sharma.store@khata.local');

    await withApp(async (app, db) => {
      expect((await reconcile(db)).clean, 'the ledger reconciles after the demo').toBe(true);

      // The people: an admin, three shops (one waiting), a cashier, 14 customers with real-looking numbers and handles.
      const people = rowsOf<{ role: string; n: number; phones: number; handles: number }>(await db.execute(sql`
        select role, count(*)::int as n, count(*) filter (where phone ~ '^\\+91[6-9][0-9]{9}$')::int as phones,
          count(payment_handle)::int as handles
        from users group by role order by role`));
      expect(people).toEqual([
        { role: 'admin', n: 1, phones: 0, handles: 0 },
        { role: 'business', n: 3, phones: 3, handles: 0 },
        { role: 'customer', n: 14, phones: 14, handles: 14 },
        { role: 'staff', n: 1, phones: 1, handles: 0 },
      ]);
      const statuses = rowsOf<{ status: string; n: number }>(await db.execute(sql`
        select status, count(*)::int as n from businesses group by status order by status`));
      expect(statuses).toEqual([{ status: 'approved', n: 2 }, { status: 'pending', n: 1 }]);

      // Two months of payments, on many days and at many hours, each at its shop's fee rate.
      const payments = await one<{ n: number; days: number; hours: number; firstDay: string; rates: string }>(db, sql`
        select count(*)::int as n,
          count(distinct ((created_at at time zone 'Asia/Kolkata')::date))::int as days,
          count(distinct extract(hour from created_at at time zone 'Asia/Kolkata'))::int as hours,
          min((created_at at time zone 'Asia/Kolkata')::date)::text as "firstDay",
          string_agg(distinct fee_basis_points::text, ',' order by fee_basis_points::text) as rates
        from transactions where type = 'payment'`);
      expect(payments.n).toBeGreaterThan(150);
      expect(payments.days).toBeGreaterThan(40);
      expect(payments.hours).toBeGreaterThan(8);
      expect(Date.now() - Date.parse(payments.firstDay)).toBeGreaterThan(55 * 24 * 3600_000);
      expect(payments.rates, 'the kirana at 1.5 %, the chemist at the default 2 %').toBe('150,200');
      const kinds = rowsOf<{ type: string; n: number; cashier: number }>(await db.execute(sql`
        select type, count(*)::int as n, count(*) filter (where actor_role = 'cashier')::int as cashier
        from transactions where type <> 'payment' group by type order by type`));
      expect(kinds.map((kind) => kind.type)).toEqual(['refund', 'repayment']);
      expect(kinds[0]!.n).toBe(1);
      expect(kinds[1]!.n).toBeGreaterThan(30);
      expect(kinds[1]!.cashier, 'the cashier records some cash repayments').toBeGreaterThan(0);

      // Each side reads its figures with the PINs the demo printed.
      const shopToken = await signIn(app, 'business', { email: shop.login, pin: shop.pin });
      const toCollect = await read<ToCollect>(app, shopToken, '/api/business/to-collect');
      expect(parseRupees(toCollect.overdue)).toBeGreaterThan(0);
      expect(toCollect.customers).toBeGreaterThanOrEqual(2);
      expect(toCollect.accounts.map((account) => account.customerName)).toContain('Rahul Verma');
      expect(toCollect.accounts.filter((account) => account.lastRemindedAt !== null)).toHaveLength(2);
      const { stats } = await read<{ stats: BusinessStats }>(app, shopToken, '/api/business/stats');
      expect(stats.customers).toBe(12);
      expect(stats.refunds).toBe(1);
      expect(parseRupees(stats.trend.revenue.current)).toBeGreaterThan(0);
      expect(stats.trend.transactions.current).toBeGreaterThan(0);
      expect(stats.trend.transactions.previous).toBeGreaterThan(0);
      const { claims } = await read<{ claims: RepaymentClaim[] }>(app, shopToken, '/api/business/repayment-claims?status=pending');
      expect(claims.map((claim) => claim.customerName)).toEqual(['Priya Nair']);

      const priyaToken = await signIn(app, 'customer', { phoneNumber: `+91${priya.login}`, pin: priya.pin });
      const priyaAccounts = await read<{ creditAccounts: { business: { businessName: string }; overdue: string }[] }>(
        app, priyaToken, '/api/credit-accounts/customer');
      expect(priyaAccounts.creditAccounts.map((account) => account.business.businessName).sort())
        .toEqual(['Annapurna Medicals', 'Sharma General Store']);
      expect(priyaAccounts.creditAccounts.some((account) => parseRupees(account.overdue)! > 0), 'Priya has an overdue bill').toBe(true);
      await signIn(app, 'customer', { phoneNumber: `+91${rahul.login}`, pin: rahul.pin });

      const adminToken = await signIn(app, 'admin', { email: admin.login, pin: admin.pin });
      const { analytics } = await read<{ analytics: AdminAnalytics }>(app, adminToken, '/api/admin/analytics?days=30');
      expect(analytics.totals.payments).toBeGreaterThan(50);
      expect(analytics.daily.filter((day) => day.payments > 0).length).toBeGreaterThan(20);
      expect(analytics.topMerchants.map((merchant) => merchant.businessName)).toEqual(['Sharma General Store', 'Annapurna Medicals']);
      expect(analytics.approvals).toMatchObject({ applied: 1, pending: 1 });
    });
  });

  it('refuses a database that already has shops or customers, changing nothing', async () => {
    expect(stdout, 'the first run filled the database').toContain('Ledger reconciled');
    const before = await withApp(async (_app, db) => rowCounts(db));
    expect(before.users).toBeGreaterThan(0);
    const again = await demo();
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has shops or customers, so the demo changed nothing.');
    expect(again.stdout).toBe('');
    expect(await withApp(async (_app, db) => rowCounts(db))).toEqual(before);
  });

  it('refuses to run with NODE_ENV=production, before it opens any database', async () => {
    const untouched = join(dataDir, 'production');
    const run = await demo({ NODE_ENV: 'production', DATA_DIR: untouched, DATABASE_URL: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Error: npm run demo writes made-up shops and customers and never runs with NODE_ENV=production.');
    expect(existsSync(untouched)).toBe(false);
  });
});
