/**
 * The app of a browser journey: the real app listening on a free port over a fresh
 * database (PGlite in memory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppConfig, type KhataApp, type Services } from '../server/app';
import { openPglite, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { developmentSmsProvider } from '../server/features/otp/sms';
import { testConfig } from '../server/test/config';
import { createServerDatabase, testServerUrl } from '../server/test/database-url';

const webDir = inject('e2eWebDir');


export interface RunningApp {
  baseUrl: string;
  app: KhataApp;
  services: Services;
  database: Database;
  /** What the development SMS provider sent, a line per message, oldest first. */
  smsLog: string[];
  close(): Promise<void>;
}

/**
 * A fresh database: PGlite in memory, or, when TEST_DATABASE_URL / DATABASE_URL names a
 * PostgreSQL server, a new database `khata_e2e_<random>` on it that close() drops.
 */
async function openFreshDatabase(): Promise<Database> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openPglite();
    await migrateEmbedded(database.client);
    return database;
  }
  const database = await createServerDatabase(serverUrl, `khata_e2e_${randomBytes(6).toString('hex')}`);
  await migratePostgres(database.pool);
  return database;
}

// Journeys sign in and out many times from one address: no request limits.
const journeyConfig = (): AppConfig => testConfig({ webDir, eventStreamSeconds: 300 });

/**
 * Starts the real app in this process, serving the web app global-setup.ts built.
 * `config` overrides the journey configuration (e.g. an https publicUrl); `onRoute`
 * sees every route as it is registered.
 */
export async function startApp(
  { config, onRoute }: { config?: Partial<AppConfig>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<RunningApp> {
  const database = await openFreshDatabase();
  const smsLog: string[] = [];
  const app = await buildApp({
    db: database.db, config: { ...journeyConfig(), ...config }, sms: developmentSmsProvider((line) => smsLog.push(line)), onRoute,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    services: app.services,
    database,
    smsLog,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
