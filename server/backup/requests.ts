/**
 * `npm run backup` while a server holds the embedded data directory: the CLI may not open it
 * (one process per data directory), so it asks the server. It writes a request file into
 * DATA_DIR/backups and sends SIGUSR2 to the lock's holder; the server takes the backup with
 * its own worker (as the daily one) and answers with a result file beside the request.
 * Only the data directory's owner can write the request and signal the server.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { PgliteWorkerClient } from '../db/pglite-worker';
import { backupsDir } from './daily';
import { BackupRefused, backupEmbedded, type EmbeddedBackupResult } from './embedded';

export const backupRequestSignal = 'SIGUSR2';
const requestName = /^\.request-([0-9a-f]{16})\.json$/;
const resultFile = (dataDir: string, id: string) => join(backupsDir(dataDir), `.request-${id}.result.json`);

export type BackupAnswer = ({ ok: true } & EmbeddedBackupResult & { file: string }) | { ok: false; error: string; refused: boolean };

/** Written atomically (temporary file + rename), so the other side never reads half of it. */
function writeJson(path: string, value: unknown): void {
  const partial = `${path}.partial`;
  writeFileSync(partial, JSON.stringify(value), { mode: 0o600 });
  renameSync(partial, path);
}

/**
 * The server's side: from now on SIGUSR2 means "serve the backup requests" (installed at once,
 * so an early signal does not end the process, Node's default). Requests wait until `serve`
 * gives the worker.
 */
export function listenForBackupRequests(dataDir: string) {
  let client: PgliteWorkerClient | undefined;
  let log: { info(o: object, m: string): void; error(o: object, m: string): void } | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const serveAll = async () => {
    const dir = backupsDir(dataDir);
    const names = existsSync(dir) ? readdirSync(dir) : [];
    for (const name of names) {
      const id = requestName.exec(name)?.[1];
      if (!id || !client || client.closed) continue;
      const taken = join(dir, `.request-${id}.taken`);
      try {
        renameSync(join(dir, name), taken);
      } catch {
        continue;
      }
      let answer: BackupAnswer;
      try {
        const { file } = JSON.parse(readFileSync(taken, 'utf8')) as { file: string };
        if (typeof file !== 'string' || !isAbsolute(file)) throw new BackupRefused('the request names no absolute file');
        const result = await backupEmbedded(client, file, join(dataDir, 'pglite'));
        answer = { ok: true, ...result, file };
        log?.info({ file, pauseMs: Math.round(result.pauseMs), totalMs: Math.round(result.totalMs), bytes: result.archiveBytes },
          'backup taken at the request of npm run backup');
      } catch (error) {
        answer = { ok: false, error: (error as Error).message, refused: error instanceof BackupRefused };
        log?.error({ err: error }, 'a backup npm run backup asked for failed');
      }
      rmSync(taken, { force: true });
      writeJson(resultFile(dataDir, id), answer);
    }
  };
  const check = () => {
    if (!client) return;
    if (running) {
      again = true;
      return;
    }
    running = serveAll().catch((error: unknown) => log?.error({ err: error }, 'serving backup requests failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          check();
        }
      });
  };
  process.on(backupRequestSignal, check);
  return {
    serve(worker: PgliteWorkerClient, logger: NonNullable<typeof log>) {
      client = worker;
      log = logger;
      check();
    },
    /** Stops listening, and waits for a backup under way. */
    async stop() {
      process.off(backupRequestSignal, check);
      client = undefined;
      await running;
    },
  };
}

/**
 * The CLI's side: asks the server with pid `pid` for a backup into `file` (absolute) and waits
 * for its answer, at most `timeoutMs`. An unanswered request is withdrawn.
 */
export async function requestBackup(dataDir: string, pid: number, file: string, timeoutMs: number): Promise<BackupAnswer> {
  const id = randomBytes(8).toString('hex');
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const request = join(dir, `.request-${id}.json`);
  writeJson(request, { file, at: new Date().toISOString() });
  const result = resultFile(dataDir, id);
  try {
    try {
      process.kill(pid, backupRequestSignal);
    } catch (error) {
      throw new BackupRefused(`could not ask the server (process ${pid}) for a backup (${(error as Error).message}): `
        + 'run npm run backup as the server\'s user, or stop the server first');
    }
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(result)) {
      if (Date.now() > deadline) {
        throw new BackupRefused(`the server (process ${pid}) did not answer within ${Math.round(timeoutMs / 1000)} s; `
          + `if it is still taking the backup, ${file} appears when it is done (see its log)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return JSON.parse(readFileSync(result, 'utf8')) as BackupAnswer;
  } finally {
    rmSync(request, { force: true });
    rmSync(result, { force: true });
  }
}
