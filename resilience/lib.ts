/**
 * Shared pieces of the resilience tests: the real server as a child process (killable
 * with SIGKILL), fresh databases on either engine, a seeded payments dataset (bench/seed.ts
 * plus one static QR code per merchant) and the reconcile command.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchPepper, customerToken, seed, type Queryable } from '../bench/seed';
import { qrToken } from '../bench/lib';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { databaseUrlFor } from '../server/test/database-url';

export { benchPepper, benchPin, customerToken, merchantToken } from '../bench/seed';
export { qrToken };

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface KhataProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process printed (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the process printed "Khata is running"; rejects if it exits first. */
  ready: Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts` as server/main.test.ts does. The tests read
 * codes from `developmentOtp`, so the development SMS provider is asked for by name (a
 * DATABASE_URL refuses to start without SMS_PROVIDER); a test that needs the demo admin
 * on PostgreSQL passes DEMO_ADMIN=1. No request limits: one client drives many calls.
 */
export function startKhata(env: Record<string, string>, port: number, readyTimeoutMs = 60_000): KhataProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '/nonexistent', NODE_ENV: 'development',
      PIN_PEPPER: benchPepper, SMS_PROVIDER: 'development', RATE_LIMIT_PER_MINUTE: '0', SESSION_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'error', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on port ${port} not ready after ${readyTimeoutMs} ms:\n${output}`)), readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Khata is running')) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server on port ${port} exited (code ${code}, signal ${signal}) before it was ready:\n${output}`));
    });
  });
  ready.catch(() => {});
  return {
    child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited, ready,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; drop() removes it. */
export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface Payer {
  /** Session token of the customer. */
  token: string;
  /** QR tokens of the static codes of the merchants this customer has accounts with. */
  qrTokens: string[];
}

/**
 * bench/seed.ts's dataset plus one static code per merchant (token qrToken(j)), and which
 * codes each customer session can pay. The database must be migrated already.
 */
export async function seedPayments(
  db: Queryable, options: { customers: number; merchants: number; accountsPerCustomer: number; limitPaise: number },
): Promise<Payer[]> {
  await seed(db, { ...options, transactions: 0 });
  await db.query(`
    insert into qr_codes (id, token, business_id, amount_paise, description, fee_basis_points, created_at, expires_at)
    select gen_random_uuid(), 'bq' || lpad((row_number() over (order by b.id) - 1)::text, 20, '0'), b.id, null, null,
           b.fee_basis_points, now(), now() + interval '1 day'
    from businesses b`);
  const { rows } = await db.query(`
    with c as (select id, row_number() over (order by phone) - 1 as session from users where role = 'customer'),
         b as (select id, row_number() over (order by id) - 1 as j from businesses)
    select c.session::int as session, array_agg(b.j::int order by b.j) as merchants
    from c join credit_accounts a on a.customer_id = c.id join b on b.id = a.business_id
    group by c.session order by c.session`) as { rows: { session: number; merchants: number[] }[] };
  return rows.map((r) => ({ token: customerToken(r.session), qrTokens: r.merchants.map(qrToken) }));
}

/** A migrated database holding seedPayments' dataset, for server processes to run on. */
export interface SeededDatabase {
  /** What startKhata and runReconcile need to find it: DATABASE_URL, or DATA_DIR for PGlite. */
  serverEnv: Record<string, string>;
  payers: Payer[];
  /** Opens it for the checks once the server process has stopped. */
  open(): Promise<Database>;
  /** Drops the database, or removes PGlite's directory. */
  remove(): Promise<void>;
}

type PaymentsDataset = Parameters<typeof seedPayments>[1];

/** Migrates an open database, seeds it with seedPayments(dataset), and closes it again. */
async function migrateSeedAndClose(
  database: Database, migrate: () => Promise<void>, queryable: Queryable, dataset: PaymentsDataset,
): Promise<Payer[]> {
  try {
    await migrate();
    return await seedPayments(queryable, dataset);
  } finally {
    await database.close();
  }
}

/** Migrates the PostgreSQL database at `connectionString` and seeds it with seedPayments(dataset). */
export async function migrateAndSeedPostgres(connectionString: string, dataset: PaymentsDataset): Promise<Payer[]> {
  const database = openPostgres({ connectionString, poolSize: 2 });
  return migrateSeedAndClose(database, () => migratePostgres(database.pool), database.pool, dataset);
}

/**
 * A fresh database seeded with seedPayments(dataset): on the PostgreSQL server `serverUrl`
 * (named khata_<name>_…) when there is one, else in a new PGlite directory (khata-<name>-…).
 * The connection used to seed is closed again, so a server process can open it alone; a
 * database whose seeding failed is removed again.
 */
export async function seededDatabase(name: string, serverUrl: string | undefined, dataset: PaymentsDataset): Promise<SeededDatabase> {
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl, `khata_${name}`);
    return {
      serverEnv: { DATABASE_URL: created.url },
      payers: await removedOnFailure(() => migrateAndSeedPostgres(created.url, dataset), () => created.drop()),
      open: async () => openPostgres({ connectionString: created.url, poolSize: 2 }),
      remove: () => created.drop(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `khata-${name}-`));
  const remove = async () => rmSync(dataDir, { recursive: true, force: true });
  const seed = async () => {
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    return migrateSeedAndClose(database, () => migrateEmbedded(database.client), database.client, dataset);
  };
  return {
    serverEnv: { DATA_DIR: dataDir },
    payers: await removedOnFailure(seed, remove),
    open: () => openPglite({ dataDir: join(dataDir, 'pglite') }),
    remove,
  };
}

/** `work()`'s result; when it throws, `remove()` runs before the error goes on. */
async function removedOnFailure<T>(work: () => Promise<T>, remove: () => Promise<unknown>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await remove();
    throw error;
  }
}

/** `npm run reconcile` on a database (DATABASE_URL for PostgreSQL, DATA_DIR for PGlite). */
export function runReconcile(env: { DATABASE_URL?: string; DATA_DIR?: string }): { ok: boolean; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/reconcile.ts'], {
    env: { PATH: process.env.PATH, PIN_PEPPER: benchPepper, NODE_ENV: 'development', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Milliseconds as the seconds a RESULT line prints: 1234 is "1.2". */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Random integer in [min, max]. */
export const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
