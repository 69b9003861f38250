/**
 * The embedded database's daily backup, taken by the running server: one file per India day
 * in DATA_DIR/backups (khata-YYYY-MM-DD.tar.gz), the newest BACKUP_KEEP kept.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PgliteWorkerClient } from '../db/pglite-worker';
import { indiaDay } from '../india-days';
import { backupEmbedded, type EmbeddedBackupResult } from './embedded';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
const dailyName = /^khata-\d{4}-\d{2}-\d{2}\.tar\.gz$/;
/** Work a crash left behind: a staging copy or a partial archive (embedded.ts names them). */
const leftover = /^\.khata-\d{4}-\d{2}-\d{2}\.tar\.gz\.(staging|partial)-[0-9a-f]+$/;

/** The first check waits a while, so a server (or a test's) that starts and stops at once takes none. */
export const dailyBackupFirstDelayMs = 5 * 60_000;
export const dailyBackupCheckMs = 60 * 60_000;

/**
 * Takes today's backup unless it exists, then deletes all but the newest `keep`. Returns
 * what the backup took, or undefined when today's was there already (or keep is 0).
 */
export async function runDailyBackup(options: {
  client: PgliteWorkerClient; dataDir: string; keep: number; now?: Date;
}): Promise<(EmbeddedBackupResult & { file: string }) | undefined> {
  if (options.keep <= 0) return undefined;
  const dir = backupsDir(options.dataDir);
  const file = join(dir, `khata-${indiaDay(options.now ?? new Date())}.tar.gz`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  for (const name of names.filter((n) => leftover.test(n))) rmSync(join(dir, name), { recursive: true, force: true });
  let result: (EmbeddedBackupResult & { file: string }) | undefined;
  if (!names.includes(`khata-${indiaDay(options.now ?? new Date())}.tar.gz`)) {
    result = { ...await backupEmbedded(options.client, file, join(options.dataDir, 'pglite')), file };
  }
  const daily = readdirSync(dir).filter((n) => dailyName.test(n)).sort();
  for (const name of daily.slice(0, Math.max(0, daily.length - options.keep))) rmSync(join(dir, name), { force: true });
  return result;
}

/** Checks every hour (the first time a few minutes after start); stop() ends the checks. */
export function startDailyBackups(options: {
  client: PgliteWorkerClient; dataDir: string; keep: number;
  onDone(result: EmbeddedBackupResult & { file: string }): void; onError(error: unknown): void;
}): { stop(): void } {
  if (options.keep <= 0) return { stop() {} };
  let running = false;
  const check = () => {
    if (running || options.client.closed) return;
    running = true;
    runDailyBackup(options)
      .then((result) => { if (result) options.onDone(result); }, options.onError)
      .finally(() => { running = false; });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    check();
    interval = setInterval(check, dailyBackupCheckMs);
    interval.unref();
  }, dailyBackupFirstDelayMs);
  first.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(interval);
    },
  };
}
