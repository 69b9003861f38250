/** A fresh, migrated database for one test file, copied from the run's template. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, type Database } from '../db/client';
import { createServerDatabase, testServerUrl } from './database-url';

/** `url` is the PostgreSQL database's address (absent on PGlite), for a test that opens it its own way. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
    return openPglite({ loadDataDir: dump });
  }
  const name = `khata_t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  return createServerDatabase(serverUrl, name, inject('postgresTemplate'));
}
