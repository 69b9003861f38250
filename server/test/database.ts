/** A fresh, migrated database for one test file, copied from the run's template. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { adminUrl, databaseUrlFor, testServerUrl } from './database-url';

/** `url` is the PostgreSQL database's address (absent on PGlite), for a test that opens it its own way. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
    return openPglite({ loadDataDir: dump });
  }
  const name = `khata_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(serverUrl, name);
  const database = openPostgres({ connectionString: url, poolSize: 5 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
