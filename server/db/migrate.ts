/**
 * Applies the committed migrations, then the ledger's stored functions (server/ledger/functions,
 * listed in server/ledger/stored-functions.ts) with CREATE OR REPLACE, so each function has
 * one file to read and change. On PostgreSQL an advisory lock makes two processes that start
 * together apply the migrations once: the second waits, then finds no migration to do and
 * replaces the functions with the same text.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgliteWorkerClient } from './pglite-worker';
import { storedFunctions } from '../ledger/stored-functions';
import { rowsOf, type Db } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationLockKey = 727_001;

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
      for (const text of storedFunctions()) await client.query(text);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

export async function migrateEmbedded(client: PGlite | PgliteWorkerClient): Promise<void> {
  // PGlite is one connection in one process, so nothing can run between these steps.
  // Drizzle's PGlite driver calls only query and transaction, which the worker's client answers alike.
  await migratePglite(drizzlePglite(client as PGlite), { migrationsFolder });
  for (const text of storedFunctions()) await client.exec(text);
}

let newestMigration: number | undefined;

/** When the newest committed migration was written (drizzle stores it as created_at); read once. */
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: { when: number }[];
    };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

/**
 * True when the database has every migration this build carries (readiness,
 * docs/operations.md#health): a process started against a database another version migrated
 * back, or one restored from an old backup, is not ready.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ newest: string | number | null }>(await db.execute(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  ));
  return Number(row?.newest ?? 0) >= newestMigrationMillis();
}
