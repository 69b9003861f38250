/**
 * `npm run backup -- <file>`: a consistent backup of the configured database. PostgreSQL
 * (DATABASE_URL): pg_dump's custom format, while the servers run. Embedded PGlite (DATA_DIR):
 * a .tar.gz of the data directory. While a server holds the data directory (one process per
 * data directory), the server is asked to take it with its own worker (server/backup/requests.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BackupRefused, backupEmbedded } from '../backup/embedded';
import { dataDirHolder, DataDirInUse, lockDataDir } from '../backup/data-dir-lock';
import { requestBackup } from '../backup/requests';
import { backupPostgres } from '../backup/postgres';
import { ConfigError, loadConfig } from '../config';
import { openPgliteWorker } from '../db/pglite-worker';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main(target: string | undefined): Promise<void> {
  if (!target) throw new BackupRefused('usage: npm run backup -- <file>   (for example backups/khata-2026-11-28.dump)');
  const file = resolve(target);
  const config = loadConfig();
  if (config.databaseUrl) {
    const { totalMs } = await backupPostgres(config.databaseUrl, file);
    console.log(`Backed up PostgreSQL (pg_dump custom format) to ${file} in ${(totalMs / 1000).toFixed(1)} s.`);
    console.log(`Restore into an empty database with: DATABASE_URL=… npm run restore -- ${target}`);
    return;
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  const holder = dataDirHolder(config.dataDir);
  if (holder?.backupRequests) {
    if (existsSync(file)) throw new BackupRefused(`${file} exists already: choose a new file name`);
    const waitSeconds = 600;
    console.log(`A server (process ${holder.pid}) holds ${config.dataDir}: asking it for the backup (waiting up to ${waitSeconds} s)…`);
    const answer = await requestBackup(config.dataDir, holder.pid, file, waitSeconds * 1000);
    if (!answer.ok) {
      if (answer.refused) throw new BackupRefused(answer.error);
      throw new Error(`the server's backup failed: ${answer.error}`);
    }
    console.log(`Backed up the embedded database in ${config.dataDir} to ${file} (taken by the running server): `
      + `${answer.files} files, ${mb(answer.dataBytes)} → ${mb(answer.archiveBytes)}, in ${(answer.totalMs / 1000).toFixed(1)} s, `
      + `payments paused ${(answer.pauseMs / 1000).toFixed(1)} s.`);
    console.log(`Restore into an empty DATA_DIR with: DATA_DIR=… npm run restore -- ${target}`);
    return;
  }
  const release = lockDataDir(config.dataDir, 'npm run backup');
  try {
    if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new BackupRefused(`${config.dataDir} holds no embedded database to back up`);
    const database = await openPgliteWorker({ dataDir: pgliteDir });
    try {
      const result = await backupEmbedded(database.client, file, pgliteDir);
      console.log(`Backed up the embedded database in ${config.dataDir} to ${file}: ${result.files} files, `
        + `${mb(result.dataBytes)} → ${mb(result.archiveBytes)}, in ${(result.totalMs / 1000).toFixed(1)} s.`);
      console.log(`Restore into an empty DATA_DIR with: DATA_DIR=… npm run restore -- ${target}`);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

try {
  await main(process.argv[2]);
} catch (error) {
  if (!(error instanceof BackupRefused || error instanceof ConfigError)) throw error;
  console.error(`Backup refused: ${error.message}`);
  if (error instanceof DataDirInUse) {
    console.error('Try again when it has finished. A running server also takes a daily backup itself, into DATA_DIR/backups '
      + '(BACKUP_KEEP of them).');
  }
  process.exitCode = 1;
}
