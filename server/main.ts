/**
 * Starts Khata: reads the configuration, opens and migrates the database, picks the SMS
 * vendors, creates the demo admin when config.demoAdmin says so, runs the timers (purging,
 * reminders), listens, and shuts down cleanly on SIGTERM/SIGINT.
 */
import { randomInt } from 'node:crypto';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, demoAdminEmail, loadConfig, type Config } from './config';
import { openConfiguredDatabase, openReadRouting } from './db/open';
import { openSharedLimits } from './shared-limits/shared-limits';
import { DataDirInUse, lockDataDir } from './backup/data-dir-lock';
import { startDailyBackups } from './backup/daily';
import { listenForBackupRequests } from './backup/requests';
import type { PgliteWorkerClient } from './db/pglite-worker';
import { providerFromConfig } from './sms/providers';
import { startupLines } from './startup-message';
import type { ResilientOptions } from './sms/resilient';
import { purgeIntervalMs, reminderTickMs } from '@common/limits';
import { isWeakPin } from '@common/weak-pins';

function randomPin(): string {
  for (;;) {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    if (!isWeakPin(pin)) return pin;
  }
}

async function main(config: Config) {
  // One process per embedded data directory: two PGlite instances on the same files corrupt them.
  let releaseDataDir = () => {};
  // `npm run backup` asks this server for a backup (a request file + SIGUSR2): listened for at once.
  const backupRequests = config.databaseUrl ? undefined : listenForBackupRequests(config.dataDir);
  try {
    if (!config.databaseUrl) releaseDataDir = lockDataDir(config.dataDir, 'a Khata server', { backupRequests: true });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  // The log is written in the background, in blocks of 4 KiB, so a request never waits on
  // stdout; it is flushed on a clean stop (a crash may lose the last lines).
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // Each failed try at a vendor is logged (its message never holds a code); the app's logger
  // exists only once the app does, and no SMS is sent before then.
  const smsFailures: { log?: ResilientOptions['onTryFailed'] } = {};
  const sms = providerFromConfig(config, { onTryFailed: (error, attempt) => smsFailures.log?.(error, attempt) });
  // Request limits and stream caps shared through Redis; without REDIS_URL, per process.
  const sharedLimits = config.redisUrl ? openSharedLimits(config.redisUrl) : undefined;
  // Reads that may lag go to DATABASE_READ_URL when set (db/read-routing.ts); each change of
  // the replica's state is logged once the app's logger exists.
  const replicaStates: { log?: (state: string, error?: unknown) => void } = {};
  const reads = openReadRouting(config, database.db, (state, error) => replicaStates.log?.(state, error));
  const app = await buildApp({
    reads,
    db: database.db,
    config,
    sms,
    sharedLimits,
    logger: { level: process.env.LOG_LEVEL ?? (config.isProduction ? 'info' : 'warn'), stream: logDestination },
  });

  replicaStates.log = (state, error) => app.log.warn(error ? { err: error } : {},
    state === 'up' ? 'read replica up: lagging reads use it again' : `read replica ${state}: its reads go to the primary`);
  sharedLimits?.onUnavailable((message, error) => app.log.warn(error ? { err: error } : {}, message));
  smsFailures.log = (error, attempt) => app.log.warn(
    { provider: attempt.provider, attempt: attempt.try, retryable: error.retryable }, `SMS try failed: ${error.message}`);

  // Live updates listen from the start, so readiness (GET /api/health) covers them.
  await app.services.events.start();

  // The embedded database's daily backup (DATA_DIR/backups, the newest BACKUP_KEEP), taken by
  // its worker; payments wait only while the files are copied (server/backup/embedded.ts).
  const dailyBackups = database.kind === 'pglite' ? startDailyBackups({
    client: (database as unknown as { client: PgliteWorkerClient }).client, dataDir: config.dataDir, keep: config.backupKeep,
    onDone: (result) => app.log.info({ file: result.file, pauseMs: Math.round(result.pauseMs), totalMs: Math.round(result.totalMs),
      bytes: result.archiveBytes }, 'daily backup taken'),
    onError: (error) => app.log.error({ err: error }, 'the daily backup failed'),
  }) : undefined;
  if (database.kind === 'pglite') backupRequests?.serve((database as unknown as { client: PgliteWorkerClient }).client, app.log);

  // A real deployment (DATABASE_URL or an https PUBLIC_URL) that asked for development
  // conveniences by name hears about it loudly, on every start.
  for (const setting of config.riskyDevelopmentSettings) {
    console.error(`WARNING: ${setting} is on with ${config.databaseUrl ? 'a DATABASE_URL' : 'an https PUBLIC_URL'}: `
      + (setting.startsWith('SMS_PROVIDER')
        ? 'every one-time code is shown in the app and the log, so anyone can register any phone and reset any PIN.'
        : 'a demo admin is created when no admin exists and its PIN is printed here.')
      + ' Never do this where real people have accounts.');
  }

  if (config.demoAdmin && !(await app.services.auth.anyAdminExists())) {
    const pin = randomPin();
    // Two processes starting together can both get here: one creates the admin and prints
    // its PIN, the other finds it made and goes on (it used to crash on the unique e-mail).
    if (await app.services.auth.createAdminIfAbsent(demoAdminEmail, pin, 'Demo Admin')) {
      console.log(`Demo admin created: e-mail ${demoAdminEmail}, PIN ${pin} (shown once; reset with: npm run admin -- create --email ${demoAdminEmail} --pin NNNN)`);
    }
  }

  // Expired sessions, OTPs and idempotency keys are purged every few minutes; with
  // several processes each does it, which is harmless (the deletes are idempotent).
  // The analytics' days that ended are summed here too, so no reader waits for it, and the
  // overdue amounts cached on credit accounts move to the new India day (at most one
  // interval after midnight; the "To collect" card recomputes stale ones until then).
  const purge = () => app.services.maintenance.purgeExpired()
    .catch((error: unknown) => app.log.error({ err: error }, 'purging expired rows failed'))
    .then(() => app.services.analytics.closeDays())
    .catch((error: unknown) => app.log.error({ err: error }, 'closing the analytics days failed'))
    .then(() => app.services.maintenance.refreshOverdue())
    .catch((error: unknown) => app.log.error({ err: error }, 'refreshing the overdue amounts failed'));
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  purgeTimer.unref();
  void purge();

  // Automatic reminders and queued SMS: every process ticks, the database lease lets one of
  // them enqueue at a time (docs/product.md#automatic-reminders). A slow tick is not started
  // twice in one process.
  let ticking = false;
  const tick = () => {
    if (ticking) return;
    ticking = true;
    app.services.reminders.tick()
      .catch((error: unknown) => app.log.error({ err: error }, 'the reminder tick failed'))
      .finally(() => { ticking = false; });
  };
  const reminderTimer = setInterval(tick, reminderTickMs);
  reminderTimer.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    clearInterval(purgeTimer);
    clearInterval(reminderTimer);
    dailyBackups?.stop();
    await backupRequests?.stop();
    // Giving the scheduler's lease up lets another process take it at once, not after it expires.
    await app.services.reminders.stop()
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing the reminder lease failed'));
    await app.close();
    await reads.close();
    await sharedLimits?.close();
    await database.close();
    releaseDataDir();
    logDestination.flushSync();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (sharedLimits && !(await sharedLimits.ready())) {
    app.log.warn('Redis (REDIS_URL) does not answer yet: request limits and stream caps count in this process alone until it does');
  }
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(startupLines({ port: config.port, where, publicUrl: config.publicUrl }).join('\n'));
}

try {
  await main(loadConfig(process.env, { forServer: true }));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
}
