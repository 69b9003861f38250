/**
 * One process at a time in an embedded data directory: two PGlite instances on the same
 * files corrupt them. The holder is kept in DATA_DIR/pglite.lock: its pid, the machine's boot
 * id and the process's start time. A lock whose process has gone (a crash, kill -9, a reboot)
 * is stale and taken over, and so is one whose pid now names another process (pids repeat:
 * in a container the server gets the same small pid on every start, this one included).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupRefused } from './embedded';

/** Another live process holds the data directory. */
export class DataDirInUse extends BackupRefused {}

export const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock');

export interface Holder {
  pid: number; what: string; since: string;
  /** /proc/sys/kernel/random/boot_id: a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
  /** /proc/<pid>/stat field 22 (clock ticks since boot): tells a reused pid from the holder. */
  startTime?: string;
  /** A server that takes a backup when asked (server/backup/requests.ts). */
  backupRequests?: boolean;
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export const bootId = () => readOr('/proc/sys/kernel/random/boot_id');

/** When the process started, or undefined where /proc is missing (macOS) or it has gone. */
export function processStartTime(pid: number): string | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  // The fields after it start at field 3; field 22 is starttime.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** Locks this process holds now: its own pid in a lock it does not hold is a leftover of an earlier life. */
const heldHere = new Set<string>();

function alive(holder: Holder, path: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(path);
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
}

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Who holds the data directory now, if a live process does. */
export function dataDirHolder(dataDir: string): Holder | undefined {
  const holder = readHolder(lockFile(dataDir));
  return holder && alive(holder, lockFile(dataDir)) ? holder : undefined;
}

const inUse = (dataDir: string, holder: Holder) => new DataDirInUse(
  `${dataDir} is in use by ${holder.what} (process ${holder.pid}, since ${holder.since}): `
  + 'only one process at a time may open an embedded database; stop it first');

/**
 * Takes the data directory for `what` (e.g. "the server"), or refuses with who holds it.
 * Returns the release, which removes the lock only while it is still this process's.
 */
export function lockDataDir(dataDir: string, what: string, options: { backupRequests?: boolean } = {}): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = lockFile(dataDir);
  const content = JSON.stringify({
    pid: process.pid, what, since: new Date().toISOString(), bootId: bootId(), startTime: processStartTime(process.pid),
    ...(options.backupRequests ? { backupRequests: true } : {}),
  } satisfies Holder);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    const holder = readHolder(path);
    if (holder && alive(holder, path)) throw inUse(dataDir, holder);
    // Stale (or unreadable: a crash while it was written). Moved aside by one rename, which
    // only one of several processes racing for it wins; the others find it gone and try again.
    const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') continue;
      throw error;
    }
    // What was moved is the file judged stale, unless another process took the stale lock over
    // between that reading and the rename: then its fresh lock goes back (link fails when a third
    // has created one meanwhile), and this process refuses.
    const moved = readHolder(aside);
    if (moved && alive(moved, path)) {
      try {
        linkSync(aside, path);
      } catch { /* another lock is in place */ }
      unlinkSync(aside);
      throw inUse(dataDir, moved);
    }
    unlinkSync(aside);
  }
  heldHere.add(path);
  return () => {
    heldHere.delete(path);
    try {
      if (readHolder(path)?.pid === process.pid) unlinkSync(path);
    } catch { /* gone already */ }
  };
}
