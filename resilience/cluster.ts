/**
 * Throwaway PostgreSQL clusters for the resilience tests (docs/operations.md): a primary a test may
 * restart, stop, kill -9 or fail over to a synchronous standby, each in its own temporary
 * directory, never the shared server on 5432. Everything is removed by destroy().
 *
 * The binaries come from PG_BIN or the newest /usr/lib/postgresql/<version>/bin. Run as
 * root, every command runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from './lib';

/** The directory of initdb, pg_ctl and friends, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'pg_ctl')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
}

/** What a primary needs so that a standby can stream from it (startStandby). */
export const replicationSettings: Record<string, string> = {
  wal_level: 'replica', max_wal_senders: '5', hot_standby: 'on',
};

/** Seconds pg_ctl waits for a start, stop or promote before it gives up. */
const pgCtlTimeoutSeconds = 60;
/** How long accepting() waits for a connection after a start. */
const acceptingTimeoutMs = 60_000;
/** How long kill9() waits for the killed postmaster's backends to notice and exit. */
const orphanExitTimeoutMs = 10_000;

const asRoot = process.getuid?.() === 0;

/** The uid and gid the cluster's files must belong to: postgres when we are root, else ours. */
function owner(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A new empty directory under os.tmpdir() that the postgres user owns. */
function ownedTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const who = owner();
  if (who) chownSync(dir, who.uid, who.gid);
  return dir;
}

/** Runs a PostgreSQL program (as postgres when root); rejects with its output on failure. */
function run(bin: string, program: string, args: string[], timeoutMs = (pgCtlTimeoutSeconds + 10) * 1000): Promise<string> {
  const command = asRoot ? 'runuser' : join(bin, program);
  const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
  return new Promise((resolve, reject) => {
    // A fixed locale and no PG* variables from the caller's environment (PGPORT, PGHOST…),
    // so nothing reaches the shared server by accident.
    const child = spawn(command, argv, { env: { PATH: process.env.PATH, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk; });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    // pg_ctl starts the postmaster with its output sent to the log file (-l), so the pipes
    // close when pg_ctl itself ends.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${program} ${args.join(' ')} failed (code ${code}, signal ${signal}):\n${output}`));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Process ids whose parent is `pid`, read from /proc (empty where there is no /proc). */
function childrenOf(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent pid follows it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we read.
    }
  }
  return children;
}

export type ShutdownMode = 'smart' | 'fast' | 'immediate';

export interface RestartTimes {
  /** When the shutdown was asked for (Date.now() ms): from here clients may be refused. */
  stoppingAt: number;
  /** When the old postmaster was gone. */
  downAt: number;
  /** When the new one first accepted a connection and answered `select 1`. */
  acceptingAt: number;
}

export interface Cluster {
  name: string;
  port: number;
  /** The temporary directory: the data directory, the socket and server.log live in it. */
  dir: string;
  dataDir: string;
  /** A connection string for `database` as the superuser postgres (trust authentication). */
  url(database?: string): string;
  /** One statement on a fresh connection, closed afterwards. */
  query<T = Record<string, unknown>>(text: string, database?: string): Promise<T[]>;
  /** Stops and starts again (pg_ctl's restart is exactly these two), timing each step. */
  restart(mode: ShutdownMode): Promise<RestartTimes>;
  stop(mode?: ShutdownMode): Promise<void>;
  /** Starts the stopped cluster; resolves with the time it accepted a connection. */
  start(): Promise<number>;
  /** SIGKILL to the postmaster (a crashed machine, as far as clients can tell), then waits until its processes are gone. */
  kill9(): Promise<void>;
  promote(): Promise<void>;
  isInRecovery(): Promise<boolean>;
  isRunning(): boolean;
  /** The server log so far. */
  log(): string;
  /** Immediate stop if running (SIGKILL if that fails), then the directory is removed. */
  destroy(): Promise<void>;
}

/** Clusters not yet destroyed: stopped when the test process exits, should afterAll not run. */
const live = new Set<Cluster>();
let exitHookInstalled = false;
function track(cluster: Cluster) {
  live.add(cluster);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of live) {
      const pid = postmasterPid(c.dataDir);
      if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(c.dir, { recursive: true, force: true });
    }
  });
}

/** The postmaster's pid: the first line of postmaster.pid, while that file exists. */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Settings as postgresql.conf lines; values are quoted, so any text is safe. */
const settingLines = (settings: Record<string, string>) =>
  Object.entries(settings).map(([key, value]) => {
    if (!/^[a-z_.]+$/.test(key)) throw new Error(`not a setting name: ${key}`);
    return `${key} = '${value.replaceAll("'", "''")}'\n`;
  }).join('');

/** A Cluster object over an initialised data directory; start() is the caller's. */
function clusterAt(bin: string, name: string, dir: string, port: number): Cluster {
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;

  async function query<T>(text: string, database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 5_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** Polls with a real connection until the server answers; a finished recovery included. */
  async function accepting(): Promise<number> {
    const deadline = Date.now() + acceptingTimeoutMs;
    for (;;) {
      try {
        await query('select 1');
        return Date.now();
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`cluster ${name} not accepting connections: ${(error as Error).message}\n${log()}`);
        await sleep(20);
      }
    }
  }

  function log(): string {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  }

  async function start(): Promise<number> {
    // Listen, port and socket on the command line; every other setting is in
    // postgresql.conf, where ALTER SYSTEM (postgresql.auto.conf) can still override it.
    const options = `-c listen_addresses=127.0.0.1 -c port=${port} -k '${dir}'`;
    await run(bin, 'pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', String(pgCtlTimeoutSeconds)])
      .catch((error: Error) => { throw new Error(`${error.message}\n${log()}`); });
    return accepting();
  }

  async function stop(mode: ShutdownMode = 'fast'): Promise<void> {
    await run(bin, 'pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', String(pgCtlTimeoutSeconds)]);
  }

  async function kill9(): Promise<void> {
    const pid = postmasterPid(dataDir);
    if (!pid || !isAlive(pid)) throw new Error(`cluster ${name} has no running postmaster`);
    // Its backends are orphaned by the kill: note them first, and wait for them too, as a
    // new postmaster refuses to start while they still hold the old shared memory.
    const children = childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + orphanExitTimeoutMs;
    while ([pid, ...children].some(isAlive)) {
      if (Date.now() > deadline) {
        for (const child of children.filter(isAlive)) process.kill(child, 'SIGKILL');
      }
      await sleep(10);
    }
  }

  const isRunning = () => {
    const pid = postmasterPid(dataDir);
    return pid !== null && isAlive(pid);
  };

  const cluster: Cluster = {
    name, port, dir, dataDir, url, query, start, stop, kill9, log, isRunning,
    async restart(mode) {
      const stoppingAt = Date.now();
      await stop(mode);
      const downAt = Date.now();
      const acceptingAt = await start();
      return { stoppingAt, downAt, acceptingAt };
    },
    async promote() {
      await run(bin, 'pg_ctl', ['promote', '-D', dataDir, '-w', '-t', String(pgCtlTimeoutSeconds)]);
    },
    async isInRecovery() {
      const [row] = await query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
      return row!.recovering;
    },
    async destroy() {
      live.delete(cluster);
      if (isRunning()) await stop('immediate').catch(() => kill9()).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  track(cluster);
  return cluster;
}

function requireBin(): string {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found: install them or set PG_BIN');
  return bin;
}

/**
 * initdb and start a new cluster on a free port of 127.0.0.1. fsync stays on (the tests
 * are about durability) unless `settings` says otherwise; initdb itself skips syncing,
 * which only matters if the machine dies during the test's setup.
 */
export async function startCluster(options: { name?: string; port?: number; settings?: Record<string, string> } = {}): Promise<Cluster> {
  const bin = requireBin();
  const name = options.name ?? 'primary';
  const dir = ownedTempDir(`khata-pg-${name}-`);
  try {
    await run(bin, 'initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
    appendFileSync(join(dir, 'data', 'postgresql.conf'), `\n# Throwaway test cluster (resilience/cluster.ts)\n${settingLines(options.settings ?? {})}`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const cluster = clusterAt(bin, name, dir, options.port ?? await freePort());
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}

/**
 * A streaming standby of `primary` (which must run with replicationSettings), made with
 * pg_basebackup -R and started on a free port. With `synchronous` (the default) the
 * primary then waits for it on every commit: see makeSynchronous.
 */
export async function startStandby(primary: Cluster, options: { name: string; synchronous?: boolean; port?: number }): Promise<Cluster> {
  const bin = requireBin();
  const { name } = options;
  // The name goes into synchronous_standby_names and a connection string unquoted.
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`standby name must be a lower-case identifier: ${name}`);
  const dir = ownedTempDir(`khata-pg-${name}-`);
  try {
    await run(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', join(dir, 'data'), '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    // -R wrote a primary_conninfo without an application name; the later line wins, and the
    // name is how the primary's synchronous_standby_names and pg_stat_replication know it.
    appendFileSync(join(dir, 'data', 'postgresql.auto.conf'), settingLines({
      primary_conninfo: `host=127.0.0.1 port=${primary.port} user=postgres application_name=${name}`,
    }));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const standby = clusterAt(bin, name, dir, options.port ?? await freePort());
  try {
    await standby.start();
    if (options.synchronous ?? true) await makeSynchronous(primary, name);
    else await waitForStandby(primary, name, 'streaming');
  } catch (error) {
    await standby.destroy();
    throw error;
  }
  return standby;
}

/**
 * Waits until the primary's pg_stat_replication shows the standby `name` streaming and,
 * with sync, with sync_state = 'sync'.
 */
export async function waitForStandby(primary: Cluster, name: string, until: 'streaming' | 'sync', timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await primary.query<{ state: string; sync_state: string }>(
      `select state, sync_state from pg_stat_replication where application_name = '${name}'`);
    if (rows.some((r) => r.state === 'streaming' && (until === 'streaming' || r.sync_state === 'sync'))) return;
    if (Date.now() > deadline) {
      throw new Error(`standby ${name} not ${until} after ${timeoutMs} ms: ${JSON.stringify(rows)}\n${primary.log()}`);
    }
    await sleep(50);
  }
}

/**
 * Makes the streaming standby `name` synchronous: the primary's commits then wait until
 * the standby has the WAL on disk, so a promoted standby has every acknowledged commit.
 */
export async function makeSynchronous(primary: Cluster, name: string): Promise<void> {
  await waitForStandby(primary, name, 'streaming');
  await primary.query(`alter system set synchronous_standby_names = '${name}'`);
  await primary.query('alter system set synchronous_commit = on');
  await primary.query('select pg_reload_conf()');
  await waitForStandby(primary, name, 'sync');
}
