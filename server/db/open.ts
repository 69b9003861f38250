/** Opens the configured database and brings its schema up to date. */
import { join } from 'node:path';
import { openPostgres, type Database, type Db } from './client';
import { openPgliteWorker } from './pglite-worker';
import { migrateEmbedded, migratePostgres } from './migrate';
import { createReadRouting, replicaProbeIntervalMs, type ReadRouting, type ReadRoutingOptions } from './read-routing';

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

/** Names the replica's connections in pg_stat_activity, unless the URL names them itself. */
function withApplicationName(url: string): string {
  if (/[?&]application_name=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}application_name=khata-read`;
}

/**
 * The read routing of the configured databases: with DATABASE_READ_URL a pool on the replica
 * (never migrated: a standby is read-only, and it replays the primary's schema) and its probe;
 * without it, everything on the primary.
 */
export function openReadRouting(config: {
  databaseReadUrl: string | undefined; dbPoolSize: number; readAfterWriteSeconds: number;
}, primary: Db, onStateChange?: ReadRoutingOptions['onStateChange']): ReadRouting {
  const replica = config.databaseReadUrl
    ? openPostgres({ connectionString: withApplicationName(config.databaseReadUrl), poolSize: config.dbPoolSize })
    : undefined;
  const routing = createReadRouting({
    primary, replica, readAfterWriteSeconds: config.readAfterWriteSeconds, probeIntervalMs: replicaProbeIntervalMs, onStateChange,
  });
  void routing.probe().catch((error: unknown) => onStateChange?.(routing.state(), error));
  return routing;
}
