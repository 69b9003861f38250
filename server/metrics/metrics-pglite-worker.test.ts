/**
 * The embedded database's queue, as `npm start` runs it (PGlite in its worker thread): the
 * tests' PGlite runs in-process and has none. PGlite only, so the PostgreSQL run skips it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseWatch } from '../db/availability';
import type { Database } from '../db/client';
import { openPgliteWorker, type PgliteWorkerClient } from '../db/pglite-worker';
import { testServerUrl } from '../test/database-url';
import { createMetrics, type Metrics } from './metrics';

const watch: DatabaseWatch = { lost() {}, answered() {}, isLost: () => false, stop() {} };

describe.skipIf(testServerUrl() !== undefined)('GET /metrics on embedded PGlite in its worker', () => {
  let database: Database & { client: PgliteWorkerClient };
  let metrics: Metrics;
  beforeAll(async () => {
    database = await openPgliteWorker({ maintenanceIntervalMs: 0 });
    metrics = createMetrics({ db: database.db, database: () => watch });
  });
  afterAll(async () => {
    metrics?.close();
    await database?.close();
  });

  const series = async (name: string) => {
    const text = await metrics.registry.getSingleMetricAsString(name);
    return Number(text.split('\n').find((line) => line.startsWith(`${name} `))!.split(' ')[1]);
  };

  it('shows the calls waiting while a transaction holds the one connection, and none after', async () => {
    expect(await series('khata_pglite_queue_waiting')).toBe(0);
    let waiting: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      waiting = Promise.all([database.client.query('select 2'), database.client.query('select 3')]);
      expect(await series('khata_pglite_queue_waiting')).toBe(2);
    });
    await waiting;
    expect(await series('khata_pglite_queue_waiting')).toBe(0);
    expect(await series('khata_pglite_in_flight')).toBe(0);
    expect(await series('khata_database_up')).toBe(1);
  });
});
