/**
 * Opens the database: embedded PGlite when no DATABASE_URL is given, PostgreSQL through
 * a small `pg` pool otherwise. Both return BIGINT as a JS number (every amount fits in
 * 2^53 paise) and NUMERIC as a string, so the code above never sees a difference.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { transactionAttemptsMax } from '@common/limits';
import { bigintToNumber } from './pglite-worker-protocol';
import { PgliteWorkerClient } from './pglite-worker';
import { clientClassFor, parseDatabaseUrl } from './postgres-hosts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take it (or the Db) as their first argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
}

const int8Oid = 20;

export interface PgliteOptions {
  /** Directory for persistent data; omitted → in memory. */
  dataDir?: string;
  /** A dump made with `dumpDataDir()` to start from (tests use this for speed). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [pgliteTypes.INT8]: bigintToNumber },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export interface PostgresOptions {
  connectionString: string;
  poolSize?: number;
}

export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === int8Oid) return bigintToNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// Drizzle's node-postgres driver passes its own per-query type parsers, which fall back
// to pg's global registry rather than the pool's, so INT8 is registered there too.
pg.types.setTypeParser(int8Oid, bigintToNumber);

export function openPostgres(options: PostgresOptions): Database & { pool: pg.Pool } {
  // A libpq multi-host URL (h1:5432,h2:5433 … target_session_attrs=read-write) becomes one
  // `pg` can read plus a Client class that finds the primary (postgres-hosts.ts).
  const target = parseDatabaseUrl(options.connectionString);
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    Client: clientClassFor(target),
    max: options.poolSize ?? 10,
    types: pgTypes,
  });
  // An idle client that loses its connection emits here; without a listener the
  // process would crash. The pool replaces the client on next use.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

/**
 * Runs a statement the hot paths repeat, as a named prepared statement on PostgreSQL (the
 * server parses and plans it once per connection) and on PGlite in its worker thread, and
 * as a plain query on in-process PGlite (the tests'). Rows
 * come back through the driver's own parsers: BIGINT as number, timestamps as Date,
 * JSON as objects, on both engines.
 */
export async function preparedQuery<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite | PgliteWorkerClient }).$client;
  if (client instanceof pg.Pool) return queryPooled<T>(client, { name, text, values });
  if (client instanceof PgliteWorkerClient) return (await client.prepared<T>(name, text, values)).rows;
  return (await client.query<T>(text, values)).rows;
}

/**
 * A statement that was sent to PostgreSQL and whose answer was lost with the connection:
 * it may have run and committed. Errors while connecting are thrown as they are (nothing
 * was sent); this one wraps only what failed after, so a caller can tell the two apart.
 */
export class OutcomeUnknownError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the database connection was lost after the statement was sent: ${(cause as Error)?.message ?? cause}`);
  }
}

/** pool.query, with a lost connection after sending told apart as OutcomeUnknownError. */
async function queryPooled<T>(pool: pg.Pool, query: pg.QueryConfig): Promise<T[]> {
  const client = await pool.connect();
  // A connection that ends mid-query also emits 'error' on its client, after failing the
  // query: pool.query listens for it too, or the process would crash.
  const ignore = () => {};
  client.on('error', ignore);
  try {
    const { rows } = await client.query(query);
    client.release();
    return rows as T[];
  } catch (error) {
    // As pool.query does: a connection that saw an error is closed, not reused.
    client.release(error as Error);
    // pg refuses to send on a client it already knows is broken: nothing was sent then.
    const neverSent = /not queryable/.test((error as Error)?.message ?? '');
    throw isDatabaseUnavailable(error) && !neverSent ? new OutcomeUnknownError(error) : error;
  } finally {
    client.removeListener('error', ignore);
  }
}

/** The rows of a raw `db.execute`, which PGlite and pg both answer as `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const retryableSqlStates = new Set(['40001', '40P01']);

/** Socket errors of a connection that cannot be made or was cut. */
const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is shutting down, starting up or refusing connections. */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` and `pg-pool` say, without a code, when a connection ends or cannot be had. */
const connectionLostMessages = [
  /^Connection terminated/, /timeout exceeded when trying to connect/, /Client has encountered a connection error/,
  // pg's own connection timeout (the Client's connectionTimeoutMillis) destroys the socket with this.
  /^timeout expired$/,
];

/**
 * True when an error means the database cannot be reached right now (refused, cut,
 * restarting, in recovery, out of connections), not that a statement was wrong: the
 * request is answered 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && connectionLostMessages.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a database error, also when Drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The database's own error inside whatever wrapped it (Drizzle wraps in `cause`). */
export function databaseError(error: unknown): { code: string; message: string; detail?: string } | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, detail } = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, message: String(message ?? ''), detail: typeof detail === 'string' ? detail : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique violation (23505) named, when it did. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `work` in one database transaction, retrying the whole of it when PostgreSQL
 * reports a serialization failure or a deadlock (SQLSTATE 40001 / 40P01).
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const state = sqlState(error);
      if (!state || !retryableSqlStates.has(state) || attempt >= transactionAttemptsMax) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
