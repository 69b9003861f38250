/** Where the PostgreSQL test server is, if the run uses one, and fresh databases on it. */
import pg from 'pg';
import { openPostgres, type Database } from '../db/client';

export const testServerUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The server's maintenance database, for CREATE/DROP DATABASE. */
export const adminUrl = (serverUrl: string): string => serverUrl;

/** Runs one statement on the server's maintenance database. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name` on the server (a copy of `template` when given) and opens it with
 * a small pool; close() closes the pool and drops the database.
 */
export async function createServerDatabase(
  serverUrl: string, name: string, template?: string,
): Promise<Database & { pool: pg.Pool; url: string }> {
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrlFor(serverUrl, name);
  const database = openPostgres({ connectionString: url, poolSize: 5 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
