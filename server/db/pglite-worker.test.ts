/**
 * Embedded PGlite in its worker thread, as `npm start` runs it: the parsers, errors,
 * transactions, notifications and close behave as with PGlite in this thread.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { databaseError, inTransaction, preparedQuery, rowsOf, sqlState, violatedConstraint, type Database } from './client';
import { migrateEmbedded } from './migrate';
import { openPgliteWorker, type PgliteWorkerClient } from './pglite-worker';
import { users } from './schema';

let dir: string;
let database: Database & { client: PgliteWorkerClient };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'khata-pglite-worker-'));
  database = await openPgliteWorker({ dataDir: join(dir, 'pglite') });
  await migrateEmbedded(database.client);
});

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const newUser = (email: string) => ({
  id: randomUUID(), role: 'business' as const, name: 'Worker Shop', email, pinHash: 'x', pinKeyVersion: 1,
});

describe('PGlite in a worker thread', () => {
  it('returns BIGINT as a number, timestamps as Date, JSON as objects and NUMERIC as text', async () => {
    const [row] = rowsOf<Record<string, unknown>>(await database.db.execute(sql`
      select 9007199254740991::bigint as big, 42::int as small, timestamptz '2024-01-02T03:04:05Z' as at,
             '{"a":[1,"b"]}'::jsonb as doc, 12.50::numeric as exact, null::bigint as nothing`));
    expect(row).toEqual({
      big: 9007199254740991, small: 42, at: '2024-01-02 03:04:05+00', doc: { a: [1, 'b'] }, exact: '12.50', nothing: null,
    });
    // Drizzle asks for timestamps as raw text and turns them into Date itself.
    const [direct] = (await database.client.query<{ at: Date; big: number }>(
      `select timestamptz '2024-01-02T03:04:05Z' as at, 5::bigint as big`)).rows;
    expect(direct!.at).toBeInstanceOf(Date);
    expect(direct!.at.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(direct!.big).toBe(5);
  });

  it('maps rows through the schema, dates included', async () => {
    const user = newUser('mapped@worker.example');
    await database.db.insert(users).values(user);
    const [found] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(found!.email).toBe('mapped@worker.example');
    expect(found!.createdAt).toBeInstanceOf(Date);
    expect(found!.pinKeyVersion).toBe(1);
  });

  it('refuses a BIGINT that does not fit in a JS number', async () => {
    await expect(database.client.query('select 9007199254740993::bigint as big')).rejects.toThrow(/does not fit/);
  });

  it('runs a named prepared statement again and again, and when its text changes', async () => {
    for (const value of [1, 2, 3]) {
      const rows = await preparedQuery<{ doubled: number; at: Date }>(database.db, 'worker_test_double',
        'select $1::bigint * 2 as doubled, now() as at', [value]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.doubled).toBe(value * 2);
      expect(rows[0]!.at).toBeInstanceOf(Date);
    }
    const changed = await preparedQuery<{ tripled: number }>(database.db, 'worker_test_double', 'select $1::int * 3 as tripled', [4]);
    expect(changed).toEqual([{ tripled: 12 }]);
  });

  it('keeps an error’s SQLSTATE, message, detail and constraint', async () => {
    await database.db.insert(users).values(newUser('twice@worker.example'));
    const failure = await database.db.insert(users).values(newUser('twice@worker.example')).catch((error: unknown) => error);
    expect(sqlState(failure)).toBe('23505');
    expect(violatedConstraint(failure)).toBe('users_email_unique');
    expect(databaseError(failure)).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      detail: 'Key (email)=(twice@worker.example) already exists.',
    });
    const prepared = await preparedQuery(database.db, 'worker_test_bad_cast', 'select $1::int as n', ['x']).catch((error: unknown) => error);
    expect(sqlState(prepared)).toBe('22P02');
    // The connection is usable after both failures.
    expect(await preparedQuery(database.db, 'worker_test_bad_cast', 'select $1::int as n', ['7'])).toEqual([{ n: 7 }]);
  });

  it('rolls back a transaction that throws, and commits one that returns', async () => {
    const kept = newUser('kept@worker.example');
    const dropped = newUser('dropped@worker.example');
    await inTransaction(database.db, (tx) => tx.insert(users).values(kept));
    await expect(inTransaction(database.db, async (tx) => {
      await tx.insert(users).values(dropped);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    const found = await database.db.select({ id: users.id }).from(users).where(sql`${users.id} in (${kept.id}, ${dropped.id})`);
    expect(found).toEqual([{ id: kept.id }]);
  });

  it('holds other statements back until an open transaction ends', async () => {
    const user = newUser('inside@worker.example');
    const events: string[] = [];
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => { inserted = resolve; });
    let finish!: () => void;
    const finishSignal = new Promise<void>((resolve) => { finish = resolve; });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(users).values(user);
      inserted();
      await finishSignal;
      events.push('transaction ends');
      tx.rollback();
    }).catch(() => {});
    await insertedSignal;
    // Sent while the transaction is open: if it ran inside it, it would see the row.
    const outside = database.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))
      .then((rows) => { events.push('outside answered'); return rows; });
    const prepared = preparedQuery<{ n: number }>(database.db, 'worker_test_count', 'select count(*)::int as n from users where id = $1', [user.id]);
    finish();
    await transaction;
    expect(await outside).toEqual([]);
    expect(await prepared).toEqual([{ n: 0 }]);
    expect(events).toEqual(['transaction ends', 'outside answered']);
  });

  it('delivers notifications, a transaction’s only when it commits', async () => {
    const received: string[] = [];
    let arrived!: () => void;
    const second = new Promise<void>((resolve) => { arrived = resolve; });
    const unlisten = await database.client.listen('worker_test_channel', (payload) => {
      received.push(payload);
      if (received.length === 2) arrived();
    });
    await database.db.execute(sql`select pg_notify('worker_test_channel', 'plain')`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_test_channel', 'rolled back')`);
      tx.rollback();
    }).catch(() => {});
    await inTransaction(database.db, (tx) => tx.execute(sql`select pg_notify('worker_test_channel', 'committed')`));
    await second;
    expect(received).toEqual(['plain', 'committed']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('worker_test_channel', 'after unlisten')`);
    // A statement after the notify has been answered, so a delivery would have arrived first.
    await database.db.execute(sql`select 1`);
    expect(received).toEqual(['plain', 'committed']);
  });

  it('closes: the worker ends and later statements are refused', async () => {
    const own = await openPgliteWorker({ dataDir: join(dir, 'closing') });
    expect(rowsOf(await own.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    await own.close();
    expect(own.client.closed).toBe(true);
    await expect(own.client.query('select 1')).rejects.toThrow(/closed/);
  });
});

/**
 * PGlite has no autovacuum: the worker vacuums and analyzes what changed, between requests
 * (pglite-worker-thread.ts). Here every 50 ms, on a table of its own.
 */
describe('PGlite worker maintenance', () => {
  let maintained: Database & { client: PgliteWorkerClient };
  let maintainedDir: string;

  beforeAll(async () => {
    maintainedDir = mkdtempSync(join(tmpdir(), 'khata-pglite-maintained-'));
    maintained = await openPgliteWorker({ dataDir: join(maintainedDir, 'pglite'), maintenanceIntervalMs: 50 });
  });

  afterAll(async () => {
    await maintained?.close();
    rmSync(maintainedDir, { recursive: true, force: true });
  });

  const vacuums = async () => (await maintained.client.query<{ vacuums: number; analyzes: number }>(`
    select vacuum_count::int as vacuums, analyze_count::int as analyzes from pg_stat_user_tables where relname = 'churn'`)).rows[0];

  it('vacuums and analyzes a table once rows have been deleted from it', async () => {
    await maintained.client.exec(`create table churn (id int primary key, note text);
      insert into churn select g, repeat('x', 100) from generate_series(1, 3000) g;
      delete from churn where id > 1000`);
    const deadline = Date.now() + 15_000;
    while ((await vacuums())?.vacuums === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await vacuums()).toEqual({ vacuums: expect.any(Number), analyzes: expect.any(Number) });
    expect((await vacuums())!.vacuums).toBeGreaterThan(0);
    expect((await vacuums())!.analyzes).toBeGreaterThan(0);
  });

  it('also starts a round by work done, long before its timer would', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'khata-pglite-by-work-'));
    // A timer of an hour: only the requests can start a round here.
    const byWork = await openPgliteWorker({ dataDir: join(dir, 'pglite'), maintenanceIntervalMs: 3_600_000, maintenanceEveryRequests: 20 });
    try {
      const count = async () => (await byWork.client.query<{ vacuums: number }>(`
        select vacuum_count::int as vacuums from pg_stat_user_tables where relname = 'worked'`)).rows[0]?.vacuums;
      await byWork.client.exec(`create table worked (id int primary key);
        insert into worked select generate_series(1, 3000); delete from worked where id > 1000`);
      expect(await count()).toBe(0);
      const deadline = Date.now() + 15_000;
      while ((await count()) === 0 && Date.now() < deadline) await byWork.client.query('select 1');
      expect(await count()).toBeGreaterThan(0);
    } finally {
      await byWork.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never runs inside an open transaction: one held across many rounds commits', async () => {
    const before = (await vacuums())!.vacuums;
    await maintained.client.transaction(async (tx) => {
      await tx.query('delete from churn where id > 100');
      // Dead rows enough for a vacuum, and many maintenance intervals while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await tx.query('insert into churn values (5000, $1)', ['after the wait']);
    });
    expect((await maintained.client.query<{ n: number }>('select count(*)::int as n from churn')).rows[0]).toEqual({ n: 101 });
    // Once it has ended, the deferred vacuum runs.
    const deadline = Date.now() + 15_000;
    while ((await vacuums())!.vacuums === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await vacuums())!.vacuums).toBeGreaterThan(before);
  });
});
