/**
 * The app of a browser journey: the real app listening on a free port over a fresh
 * database (PGlite in memory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 * A journey may give it its own SMS vendor (a vendor's local fake, server/test/fakes/) and a
 * configuration that names the app's own address, so the vendor's delivery reports reach it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppConfig, type KhataApp, type Services } from '../server/app';
import { openPglite, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { developmentSmsProvider } from '../server/sms/development';
import type { SmsProvider } from '../server/sms/provider';
import { testConfig } from '../server/test/config';
import { createServerDatabase, testServerUrl } from '../server/test/database-url';

const webDir = inject('e2eWebDir');


export interface RunningApp {
  baseUrl: string;
  app: KhataApp;
  services: Services;
  database: Database;
  /** What the development SMS provider sent, a line per message, oldest first (what `sms` routed to it, when given). */
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

/** What the app's address decides, given once it is known (before the app is built). */
type FromAddress<T> = T | ((baseUrl: string) => T);

export interface StartAppOptions {
  /**
   * Overrides of the journey configuration (e.g. an https publicUrl); a function gets the
   * app's own address first, for a PUBLIC_URL that is this app (`publicUrl: baseUrl`).
   */
  config?: FromAddress<Partial<AppConfig>>;
  /** Sees every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The SMS provider, made once the app's address is known (a vendor's StatusCallback names
   * it). `development` is the provider that writes to smsLog, for the messages the journey
   * wants in the log (e.g. the OTPs the API seeding reads). Default: `development` alone.
   */
  sms?: (app: { baseUrl: string; development: SmsProvider }) => SmsProvider;
}

/** A port free on loopback now, for an app that must know its address before it listens. */
async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const loopbackUrl = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Starts the real app in this process, serving the web app global-setup.ts built. When the
 * configuration or the SMS provider depends on the app's address, a free port is chosen
 * first and the app listens on it; otherwise it listens on any free port.
 */
export async function startApp({ config, onRoute, sms }: StartAppOptions = {}): Promise<RunningApp> {
  const needsAddress = typeof config === 'function' || sms !== undefined;
  const port = needsAddress ? await freeLoopbackPort() : 0;
  const database = await openFreshDatabase();
  const smsLog: string[] = [];
  const development = developmentSmsProvider((line) => smsLog.push(line));
  const overrides = typeof config === 'function' ? config(loopbackUrl(port)) : config;
  const app = await buildApp({
    db: database.db,
    config: { ...journeyConfig(), ...overrides },
    sms: sms ? sms({ baseUrl: loopbackUrl(port), development }) : development,
    onRoute,
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    // The chosen port was taken meanwhile: nothing is left open behind the failure.
    await app.close();
    await database.close();
    throw error;
  }
  const baseUrl = loopbackUrl((app.server.address() as AddressInfo).port);
  return {
    baseUrl,
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
