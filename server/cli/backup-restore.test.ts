/**
 * `npm run backup` and `npm run restore` as separate processes, on the embedded database:
 * the backup a running server takes when asked, the refusals (exit code 1 and the message),
 * and a restore whose copy opens.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../backup/data-dir-lock';
import { listenForBackupRequests } from '../backup/requests';
import { migrateEmbedded } from '../db/migrate';
import { openPgliteWorker } from '../db/pglite-worker';
import { testServerUrl } from '../test/database-url';

const dir = mkdtempSync(join(tmpdir(), 'khata-backup-cli-'));
/** Stands for the running server: the worker on DATA_DIR/pglite. */
let database: Awaited<ReturnType<typeof openPgliteWorker>> | undefined;
const dataDir = join(dir, 'server');
const backupFile = join(dir, 'by-cli.tar.gz');

beforeAll(async () => {
  if (testServerUrl()) return;
  database = await openPgliteWorker({ dataDir: join(dataDir, 'pglite') });
  await migrateEmbedded(database.client);
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (name: 'backup' | 'restore', dataDirOf: string, ...args: string[]) =>
  new Promise<{ status: number; output: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `server/cli/${name}.ts`, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDirOf, PIN_PEPPER: 'a'.repeat(64), NODE_ENV: 'development' }, encoding: 'utf8',
    }, (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }));
  });

// The engine is the embedded one whatever the run's: the CLIs read DATA_DIR without DATABASE_URL.
describe.skipIf(testServerUrl())('npm run backup / npm run restore', () => {
  it('backup: asks the running server for the backup; refuses while another command holds the data directory', async () => {
    const release = lockDataDir(dataDir, 'a Khata server', { backupRequests: true });
    const requests = listenForBackupRequests(dataDir);
    requests.serve(database!.client, { info() {}, error() {} });
    try {
      const asked = await cli('backup', dataDir, backupFile);
      expect(asked.output).toMatch(/taken by the running server/);
      expect(asked.status).toBe(0);
      expect(existsSync(backupFile)).toBe(true);
    } finally {
      await requests.stop();
      release();
    }
    // A holder that takes no requests (here npm run restore): refused, and nothing written.
    const other = lockDataDir(dataDir, 'npm run restore');
    try {
      const held = await cli('backup', dataDir, join(dir, 'held.tar.gz'));
      expect([held.status, held.output]).toEqual([1, expect.stringMatching(/Backup refused: .* in use by npm run restore/)]);
      expect(existsSync(join(dir, 'held.tar.gz'))).toBe(false);
    } finally {
      other();
    }
  }, 60_000);

  it('restore: a Khata backup only, into an empty DATA_DIR; the copy opens', async () => {
    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'not a backup');
    const target = join(dir, 'restored');
    const refused = await cli('restore', target, junk);
    expect([refused.status, refused.output]).toEqual([1, expect.stringMatching(/Restore refused: .* is not a Khata backup/)]);
    const restored = await cli('restore', target, backupFile);
    expect(restored.output).toMatch(/Restored .* 0 ledger rows/);
    expect(restored.status).toBe(0);
    const notEmpty = await cli('restore', target, backupFile);
    expect([notEmpty.status, notEmpty.output]).toEqual([1, expect.stringMatching(/Restore refused: .* is not empty/)]);
  }, 60_000);
});
