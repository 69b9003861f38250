/**
 * `npm run backup -- <file>`: a consistent backup of the configured database. PostgreSQL
 * (DATABASE_URL): pg_dump's custom format, while the servers run. Embedded PGlite (DATA_DIR):
 * a .tar.gz of the data directory, only while no server holds it (one process per data
 * directory); a running server keeps its own daily backups in DATA_DIR/backups.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BackupRefused, backupEmbedded } from '../backup/embedded';
import { DataDirInUse, lockDataDir } from '../backup/data-dir-lock';
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
  const release = lockDataDir(config.dataDir, 'npm run backup');
  try {
    if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new BackupRefused(`${config.dataDir} holds no embedded database to back up`);
    const database = await openPgliteWorker({ dataDir: pgliteDir });
    try {
      const result = await backupEmbedded(database.client, file);
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
    console.error('A running server takes a daily backup itself, into DATA_DIR/backups (BACKUP_KEEP of them): copy the newest from there.');
  }
  process.exitCode = 1;
}
