/** The benchmark database: dropped, re-created and migrated on each run. */
import pg from 'pg';
import { pgTypes } from '../server/db/client';
import { migratePostgres } from '../server/db/migrate';

export const benchServerUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const benchDatabaseName = process.env.BENCH_DATABASE ?? 'khata_bench';

export function benchDatabaseUrl(): string {
  const url = new URL(benchServerUrl);
  url.pathname = `/${benchDatabaseName}`;
  return url.toString();
}

export async function freshBenchDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDatabaseName} with (force)`);
  await admin.query(`create database ${benchDatabaseName}`);
  await admin.end();
  const url = benchDatabaseUrl();
  const pool = new pg.Pool({ connectionString: url, max: 4, types: pgTypes });
  await migratePostgres(pool);
  return { url, pool };
}
