/**
 * `npm run restore -- <file>`: a backup made by `npm run backup` (or a daily one) into an
 * empty database: PostgreSQL with DATABASE_URL (pg_restore, one transaction), else an empty
 * DATA_DIR. A non-empty target or a file that is no backup is refused, and nothing changes.
 * The server brings the restored schema up to date (migrations) when it next starts.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BackupRefused, restoreEmbedded } from '../backup/embedded';
import { lockDataDir } from '../backup/data-dir-lock';
import { restorePostgres } from '../backup/postgres';
import { ConfigError, loadConfig } from '../config';
import { openPgliteWorker } from '../db/pglite-worker';

async function main(source: string | undefined): Promise<void> {
  if (!source) throw new BackupRefused('usage: npm run restore -- <file>');
  const file = resolve(source);
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist`);
  // Read before loadConfig, which makes a new development pepper when there is none.
  const hadPepper = Boolean(process.env.PIN_PEPPER) || existsSync(join(resolve(process.env.DATA_DIR ?? './data'), 'pin-pepper'));
  const config = loadConfig();
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored ${file} into ${new URL(config.databaseUrl).pathname.slice(1)}. Check it with: npm run reconcile`);
    return;
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  const release = lockDataDir(config.dataDir, 'npm run restore');
  try {
    const manifest = await restoreEmbedded(file, pgliteDir);
    // The copy must open: a backup that does not is found now, not on the day it is needed.
    const database = await openPgliteWorker({ dataDir: pgliteDir });
    try {
      const { rows } = await database.client.query<{ count: number }>('select count(*)::int as count from transactions');
      console.log(`Restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir}: ${rows[0]!.count} ledger rows. `
        + 'Check it with: npm run reconcile');
    } finally {
      await database.close();
    }
    if (!hadPepper) {
      console.log('Note: PINs were hashed with the original PIN_PEPPER (or DATA_DIR/pin-pepper), which backups do not hold: '
        + `set the same PIN_PEPPER, or copy the original pin-pepper file over ${join(config.dataDir, 'pin-pepper')}, `
        + 'or every PIN will be refused.');
    }
  } finally {
    release();
  }
}

try {
  await main(process.argv[2]);
} catch (error) {
  if (!(error instanceof BackupRefused || error instanceof ConfigError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
}
