/** Opens the configured database and brings its schema up to date. */
import { join } from 'node:path';
import { openPostgres, type Database } from './client';
import { openPgliteWorker } from './pglite-worker';
import { migrateEmbedded, migratePostgres } from './migrate';

export async function openConfiguredDatabase(config: {
  databaseUrl: string | undefined; dataDir: string; dbPoolSize: number;
}): Promise<Database> {
  if (config.databaseUrl) {
    const database = openPostgres({ connectionString: config.databaseUrl, poolSize: config.dbPoolSize });
    await migratePostgres(database.pool);
    return database;
  }
  // SQL runs in a worker thread, on the second core, while this thread serves HTTP.
  const database = await openPgliteWorker({ dataDir: join(config.dataDir, 'pglite') });
  await migrateEmbedded(database.client);
  return database;
}
