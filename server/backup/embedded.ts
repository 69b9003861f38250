/**
 * Backups of the embedded (PGlite) database. The worker copies the data directory's files
 * between two requests (the only moment payments wait); the copy is then archived as a
 * gzipped tar outside the worker's queue and renamed into place, so a backup file is always whole.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { PgliteWorkerClient } from '../db/pglite-worker';
import { extractTarGz, NotATarError, writeTarGz } from './tar';

/** The first entry of every embedded backup: says what the file is, for restore's checks. */
export const manifestName = 'khata-backup.json';
export const manifestFormat = 'khata-embedded-backup';

export interface Manifest { format: typeof manifestFormat; version: 1; createdAt: string; files: number; bytes: number }

export interface EmbeddedBackupResult {
  /** How long the worker held its queue (checkpoint + copy): the pause payments saw. */
  pauseMs: number;
  totalMs: number;
  files: number;
  dataBytes: number;
  archiveBytes: number;
}

/** A name beside `file` for work in progress: same directory, so the rename is atomic. */
const scratch = (file: string, what: string) =>
  join(dirname(file), `.${basename(file)}.${what}-${randomBytes(4).toString('hex')}`);

/** The bytes of the files under `dir`. */
export function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += directoryBytes(path);
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes;
}

/** Room a backup needs beside `file`: the staging copy (at most the data directory) plus the archive (about a quarter). */
export const spaceFactor = 1.3;

/**
 * Refuses a backup that would fill the disk: the staging copy is written beside the backup,
 * usually on the database's own disk, and a full disk makes payments fail.
 */
export function checkFreeSpace(pgliteDir: string, file: string, factor = spaceFactor): void {
  const needed = Math.ceil(directoryBytes(pgliteDir) * factor);
  const stat = statfsSync(dirname(file));
  const free = stat.bavail * stat.bsize;
  if (free < needed) {
    throw new BackupRefused(`not enough free space for a backup in ${dirname(file)}: ${(free / 1e6).toFixed(0)} MB free, `
      + `${(needed / 1e6).toFixed(0)} MB needed (${factor}× the data directory, for the copy and the archive); skipped`);
  }
}

/**
 * Backs the worker's database up into `file` (which must not exist yet). With `pgliteDir` (the
 * worker's data directory), first checks that the disk has room for it.
 */
export async function backupEmbedded(client: PgliteWorkerClient, file: string, pgliteDir?: string): Promise<EmbeddedBackupResult> {
  if (existsSync(file)) throw new BackupRefused(`${file} exists already: choose a new file name`);
  mkdirSync(dirname(file), { recursive: true });
  if (pgliteDir) checkFreeSpace(pgliteDir, file);
  const staging = scratch(file, 'staging');
  const partial = scratch(file, 'partial');
  const started = performance.now();
  try {
    const copied = await client.dump(staging);
    const pauseMs = performance.now() - started;
    const manifest: Manifest = {
      format: manifestFormat, version: 1, createdAt: new Date().toISOString(), files: copied.files, bytes: copied.bytes,
    };
    const archiveBytes = await writeTarGz(staging, partial, [{ name: manifestName, data: Buffer.from(JSON.stringify(manifest)) }]);
    renameSync(partial, file);
    return { pauseMs, totalMs: performance.now() - started, files: copied.files, dataBytes: copied.bytes, archiveBytes };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** An expected refusal (a non-empty target, a file that is no backup): its message is for the operator. */
export class BackupRefused extends Error {}

export type BackupKind = 'postgres' | 'embedded' | 'unknown';

/** What a file holds, from its first bytes: pg_dump's custom format starts "PGDMP", gzip 1f 8b. */
export async function backupKind(file: string): Promise<BackupKind> {
  const { open } = await import('node:fs/promises');
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (bytesRead === 5 && buffer.toString('latin1') === 'PGDMP') return 'postgres';
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'embedded';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

export const notABackup = (file: string) =>
  `${file} is not a Khata backup: expected a file made by npm run backup (a pg_dump custom-format archive or an embedded-database .tar.gz)`;

/**
 * Restores an embedded backup into `pgliteDir`, which must be absent or empty. It is
 * extracted beside it and renamed into place, so a failed restore leaves nothing half-made.
 */
export async function restoreEmbedded(file: string, pgliteDir: string): Promise<Manifest> {
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new BackupRefused(`${pgliteDir} is not empty: restore into an empty DATA_DIR (move the old one aside first)`);
  }
  const kind = await backupKind(file);
  if (kind === 'postgres') {
    throw new BackupRefused(`${file} is a backup of a PostgreSQL database (pg_dump): restore it with DATABASE_URL set to an empty database`);
  }
  if (kind !== 'embedded') throw new BackupRefused(notABackup(file));
  mkdirSync(dirname(pgliteDir), { recursive: true });
  const staging = scratch(pgliteDir, 'restoring');
  let manifest: Manifest | undefined;
  try {
    await extractTarGz(file, staging, (entry, index) => {
      if (index === 0 && entry.name === manifestName) {
        return (data) => { manifest = JSON.parse(data.toString('utf8')) as Manifest; };
      }
      if (manifest?.format !== manifestFormat) throw new NotATarError('no Khata manifest');
      return undefined;
    });
    if (manifest?.format !== manifestFormat || !existsSync(join(staging, 'PG_VERSION'))) throw new NotATarError('no data directory');
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(staging, pgliteDir);
    return manifest;
  } catch (error) {
    // gzip's own errors (a damaged or foreign file) and a tar without our manifest mean the same to the operator.
    if (error instanceof NotATarError || (error as { code?: string }).code?.startsWith('Z_')) {
      throw new BackupRefused(`${notABackup(file)} (${(error as Error).message})`);
    }
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
