/**
 * One process at a time in an embedded data directory: two PGlite instances on the same
 * files corrupt them. The holder's pid is kept in DATA_DIR/pglite.lock; a lock whose process
 * has gone (a crash, kill -9) is stale and taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupRefused } from './embedded';

/** Another live process holds the data directory. */
export class DataDirInUse extends BackupRefused {}

export const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock');

interface Holder { pid: number; what: string; since: string }

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Who holds the data directory now, if a live process does. */
export function dataDirHolder(dataDir: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as Holder;
    return Number.isInteger(holder.pid) && alive(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for `what` (e.g. "the server"), or refuses with who holds it.
 * Returns the release, which removes the lock only while it is still this process's.
 */
export function lockDataDir(dataDir: string, what: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const content = JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() } satisfies Holder);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile(dataDir), content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = dataDirHolder(dataDir);
      if (holder) {
        throw new DataDirInUse(`${dataDir} is in use by ${holder.what} (process ${holder.pid}, since ${holder.since}): `
          + 'only one process at a time may open an embedded database; stop it first');
      }
      // Stale: its process has gone. Taken over once; a second EEXIST means another process won the race.
      unlinkSync(lockFile(dataDir));
    }
  }
  return () => {
    try {
      if ((JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as Holder).pid === process.pid) unlinkSync(lockFile(dataDir));
    } catch { /* gone already */ }
  };
}
