/**
 * Backups that restore, on the engine of the run: a backup taken while payments go on is
 * restored elsewhere, holds every payment acknowledged before it began, and reconciles.
 * Also the refusals: a non-empty target, a file that is no backup, a data directory in use.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchPepper, benchPin, seedPayments, type Payer } from '../../resilience/lib';
import { buildApp, type KhataApp } from '../app';
import { openPglite, openPostgres, rowsOf, type Database } from '../db/client';
import { migrateEmbedded } from '../db/migrate';
import { openPgliteWorker, type PgliteWorkerClient } from '../db/pglite-worker';
import { reconcile } from '../ledger/reconcile';
import { developmentSmsProvider } from '../sms/development';
import { testConfig } from '../test/config';
import { openTestDatabase } from '../test/database';
import { createServerDatabase, testServerUrl } from '../test/database-url';
import { sql } from 'drizzle-orm';
import { bootId, lockDataDir, processStartTime } from './data-dir-lock';
import { runDailyBackup } from './daily';
import { BackupRefused, backupEmbedded, checkFreeSpace, restoreEmbedded } from './embedded';
import { listenForBackupRequests, requestBackup } from './requests';
import { writeTarGz } from './tar';
import { backupPostgres, restorePostgres } from './postgres';

const serverUrl = testServerUrl();
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
const dir = mkdtempSync(join(tmpdir(), 'khata-backup-test-'));

let database: Database & { url?: string; client?: PgliteWorkerClient };
let app: KhataApp;
let payers: Payer[];
/** The backup the first test takes, reused by the refusals. */
let firstBackup: string | undefined;

beforeAll(async () => {
  if (serverUrl) database = await openTestDatabase();
  else {
    // The embedded backup is the worker's: a real data directory, as the server opens it.
    database = await openPgliteWorker({ dataDir: join(dir, 'source', 'pglite') });
    await migrateEmbedded(database.client!);
  }
  const seeder = serverUrl ? openPostgres({ connectionString: database.url!, poolSize: 1 }) : undefined;
  payers = await seedPayments(seeder?.pool ?? database.client!, { customers: 4, merchants: 2, accountsPerCustomer: 1, limitPaise: 50_000_000 });
  await seeder?.close();
  app = await buildApp({
    db: database.db, sms: developmentSmsProvider(), config: testConfig({ pinPeppers: new Map([[1, Buffer.from(benchPepper)]]) }),
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Ack { id: string; answeredAt: number }

/** One client paying in a loop until `stop()`; every 201 is recorded with when it was answered. */
function payLoop(payer: Payer, acks: Ack[], stopped: () => boolean): Promise<void> {
  return (async () => {
    let n = 0;
    while (!stopped()) {
      const response = await app.inject({
        method: 'POST', url: '/api/payments/process',
        headers: { authorization: `Bearer ${payer.token}`, 'idempotency-key': randomUUID() },
        payload: { qrData: payer.qrTokens[n++ % payer.qrTokens.length], pin: benchPin, amount: '1.00' },
      });
      expect(response.statusCode, response.body).toBe(201);
      acks.push({ id: (JSON.parse(response.body) as { transaction: { id: string } }).transaction.id, answeredAt: performance.now() });
    }
  })();
}

describe(`backup and restore (${engine})`, () => {
  it('backs up while payments continue; the copy holds every payment acknowledged before, and reconciles', async () => {
    const acks: Ack[] = [];
    let stop = false;
    const loops = payers.slice(0, 4).map((payer) => payLoop(payer, acks, () => stop));
    try {
      while (acks.length < 12) await new Promise((resolve) => setTimeout(resolve, 10));
      const backupStartedAt = performance.now();
      const before = acks.filter((a) => a.answeredAt <= backupStartedAt).map((a) => a.id);
      const file = join(dir, serverUrl ? 'khata.dump' : 'khata.tar.gz');
      if (serverUrl) await backupPostgres(database.url!, file);
      else await backupEmbedded(database.client!, file);
      const backupEndedAt = performance.now();
      firstBackup = file;
      // Payments went on meanwhile: some were answered while the backup ran.
      const ackedDuringBackup = acks.filter((a) => a.answeredAt > backupStartedAt && a.answeredAt < backupEndedAt).length;
      stop = true;
      await Promise.all(loops);
      expect(ackedDuringBackup).toBeGreaterThan(0);

      let copy: Database;
      if (serverUrl) {
        // An empty database (no template): close() also drops it.
        copy = await createServerDatabase(serverUrl, `khata_t_restore_${randomBytes(4).toString('hex')}`);
        await restorePostgres((copy as Database & { url: string }).url, file);
      } else {
        await restoreEmbedded(file, join(dir, 'copy', 'pglite'));
        copy = await openPglite({ dataDir: join(dir, 'copy', 'pglite') });
      }
      try {
        const ids = new Set(rowsOf<{ id: string }>(await copy.db.execute(sql`select id from transactions where type = 'payment'`)).map((r) => r.id));
        const missing = before.filter((id) => !ids.has(id));
        expect(before.length).toBeGreaterThanOrEqual(12);
        expect(missing).toEqual([]);
        const report = await reconcile(copy.db);
        expect(report.results.filter((r) => r.violations > 0)).toEqual([]);
        expect(report.clean).toBe(true);
      } finally {
        await copy.close();
      }
    } finally {
      stop = true;
      await Promise.allSettled(loops);
    }
  }, 60_000);

  it('refuses a file that is not a backup, and a target that is not empty', async () => {
    const junk = join(dir, 'notes.txt');
    writeFileSync(junk, 'not a backup at all');
    const gzipJunk = join(dir, 'other.tar.gz');
    writeFileSync(gzipJunk, Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]));
    if (serverUrl) {
      const empty = await createServerDatabase(serverUrl, `khata_t_restore_${randomBytes(4).toString('hex')}`);
      try {
        await expect(restorePostgres(empty.url, junk)).rejects.toThrow(/is not a Khata backup/);
        await expect(restorePostgres(empty.url, gzipJunk)).rejects.toThrow(/backup of the embedded database/);
      } finally {
        await empty.close();
      }
      // The test's own database is far from empty.
      await expect(restorePostgres(database.url!, firstBackup!)).rejects.toThrow(/is not empty/);
    } else {
      await expect(restoreEmbedded(junk, join(dir, 'junk', 'pglite'))).rejects.toThrow(/is not a Khata backup/);
      await expect(restoreEmbedded(gzipJunk, join(dir, 'junk', 'pglite'))).rejects.toThrow(BackupRefused);
      expect(existsSync(join(dir, 'junk', 'pglite'))).toBe(false);
      await expect(restoreEmbedded(firstBackup!, join(dir, 'source', 'pglite'))).rejects.toThrow(/is not empty/);
      await expect(backupEmbedded(database.client!, firstBackup!)).rejects.toThrow(/exists already/);
    }
  }, 60_000);

  it.skipIf(serverUrl)('keeps one daily backup per India day, the newest BACKUP_KEEP', async () => {
    const dataDir = join(dir, 'source');
    // An older day's backup, which keep: 1 deletes once the new one is taken.
    mkdirSync(join(dataDir, 'backups'), { recursive: true });
    writeFileSync(join(dataDir, 'backups', 'khata-2026-11-21.tar.gz'), 'older');
    // 2026-11-21 at 20:00 UTC is already the 22nd in India; 10:00 UTC on the 22nd is the same India day.
    const days = ['2026-11-21T20:00:00Z', '2026-11-22T10:00:00Z'];
    const taken = [];
    for (const day of days) taken.push(await runDailyBackup({ client: database.client!, dataDir, keep: 1, now: new Date(day) }));
    expect(taken.map((t) => t !== undefined)).toEqual([true, false]);
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual(['khata-2026-11-22.tar.gz']);
    expect(taken[0]!.pauseMs).toBeLessThan(taken[0]!.totalMs);
    expect(await runDailyBackup({ client: database.client!, dataDir, keep: 0 })).toBeUndefined();
  }, 60_000);

  it('lets one process at a time into a data directory; a lock of a process that has gone is taken over', () => {
    const dataDir = join(dir, 'locked');
    mkdirSync(dataDir);
    const lock = join(dataDir, 'pglite.lock');
    const release = lockDataDir(dataDir, 'the server');
    expect(() => lockDataDir(dataDir, 'npm run backup')).toThrow(/in use by the server/);
    // The parent (vitest's main process) stands for another live process.
    const parent = { pid: process.ppid, what: 'the server', since: 'now', bootId: bootId(), startTime: processStartTime(process.ppid) };
    writeFileSync(lock, JSON.stringify(parent));
    expect(() => lockDataDir(dataDir, 'npm run backup')).toThrow(/in use by the server/);
    const takenOver = (holder: object) => {
      writeFileSync(lock, JSON.stringify(holder));
      lockDataDir(dataDir, 'npm run backup')();
      expect(existsSync(lock)).toBe(false);
    };
    // A process that has gone.
    takenOver({ pid: 2 ** 22 + 12345, what: 'the server', since: 'then' });
    // Its pid reused by another process (started at another time), or a lock from before a reboot.
    takenOver({ ...parent, startTime: String(Number(parent.startTime ?? 0) + 1) });
    takenOver({ ...parent, bootId: '00000000-0000-0000-0000-000000000000' });
    // This process's own pid, left by an earlier life (a container restarts with the same pid).
    takenOver({ pid: process.pid, what: 'the server', since: 'then' });
    // Nothing but the taken lock is left: the stale one was moved aside and removed.
    release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.skipIf(serverUrl)('leaves a backup request unanswered until the server serves; skips a backup the disk has no room for', async () => {
    const dataDir = join(dir, 'source');
    const requests = listenForBackupRequests(dataDir);
    try {
      // Not serving yet (the server still starting): the request is not answered in time.
      await expect(requestBackup(dataDir, process.pid, join(dir, 'early.tar.gz'), 300)).rejects.toThrow(/did not answer/);
    } finally {
      await requests.stop();
    }
    expect(() => checkFreeSpace(join(dataDir, 'pglite'), join(dir, 'x.tar.gz'), 1e9)).toThrow(/not enough free space/);
  }, 60_000);

  it.skipIf(serverUrl)('refuses a tar whose sizes are damaged or whose manifest is huge', async () => {
    const source = join(dir, 'tar-source');
    mkdirSync(source);
    writeFileSync(join(source, 'PG_VERSION'), '17');
    const huge = join(dir, 'huge.tar.gz');
    await writeTarGz(source, huge, [{ name: 'khata-backup.json', data: Buffer.alloc(65 * 1024, 32) }]);
    await expect(restoreEmbedded(huge, join(dir, 'huge', 'pglite'))).rejects.toThrow(/too large/);
    // A size field that is not octal, its checksum made right again.
    const good = join(dir, 'good.tar.gz');
    await writeTarGz(source, good, [{ name: 'khata-backup.json', data: Buffer.from('{}') }]);
    const tar = gunzipSync(readFileSync(good));
    tar.write('zzzzzzzzzzz\0', 124, 'ascii');
    tar.write(' '.repeat(8), 148, 'ascii');
    let sum = 0;
    for (const byte of tar.subarray(0, 512)) sum += byte;
    tar.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    const bad = join(dir, 'bad.tar.gz');
    writeFileSync(bad, gzipSync(tar));
    await expect(restoreEmbedded(bad, join(dir, 'bad', 'pglite'))).rejects.toThrow(/size of khata-backup.json is damaged/);
  });
});
