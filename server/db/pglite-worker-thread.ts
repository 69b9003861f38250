/**
 * The PGlite worker thread: owns the embedded database so SQL runs on its own core while
 * the main thread serves HTTP. It answers one request at a time, in the order they came.
 */
import { constants as fsConstants, cpSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types, type Results } from '@electric-sql/pglite';
import {
  bigintToNumber, errorFieldNames, type DumpResult, type ErrorFields, type QueryResult, type Reply, type Request, type WorkerOptions,
} from './pglite-worker-protocol';

const port = parentPort!;
const options = workerData as WorkerOptions;
const post = (reply: Reply) => port.postMessage(reply);

function fieldsOf(error: unknown): ErrorFields {
  const source = error as Record<string, unknown>;
  const fields: ErrorFields = {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
  for (const key of errorFieldNames) if (typeof source?.[key] === 'string') fields[key] = source[key] as string;
  return fields;
}

/** Parsers that hand the text through untouched: what a caller asked for by OID. */
const rawParsers = (oids: number[] | undefined) =>
  oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (value: string) => value])) : undefined;

const plain = ({ rows, fields, affectedRows, rowCount, command }: Results & { rowCount?: number; command?: string }): QueryResult =>
  ({ rows, fields, affectedRows, rowCount, command });

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * PostgreSQL's settings for the embedded database. PGlite's default shared_buffers (128 MB)
 * lives in the WebAssembly heap and alone took the server's RSS from about 385 MB to 546 MB
 * under the payments benchmark; 16 MB holds a small shop's working set (docs/performance.md).
 *
 * PGlite runs PostgreSQL as one process, without its checkpointer: a checkpoint comes only
 * when the WAL written since the last one passes max_wal_size ÷ 1.9, about 540 MB with the
 * default 1 GB, which the data directory kept (some 3.5 KB of WAL per payment). 64 MB bounds
 * the WAL kept; the maintenance below checkpoints well before, between requests.
 *
 * The maintenance's ANALYZE holds its sample (300 × default_statistics_target rows) in the
 * WebAssembly heap, which never shrinks: at the default 100 (30,000 rows of stored payment
 * answers) the RSS rose by some 40 MB to 285 MB and one ANALYZE held the database for a second
 * (bench:pglite). 10 (3,000 rows) is plenty for these tables' lookups by key.
 */
const embeddedSettings = [
  'shared_buffers=16MB', 'max_wal_size=64MB', 'min_wal_size=32MB', 'default_statistics_target=10', 'maintenance_work_mem=8MB',
];

let pg: PGlite;

/** Named statements parsed once on this connection: name → parameter types and text. */
const statements = new Map<string, { text: string; paramOids: number[] }>();
const serialize = protocol.serialize;

/**
 * Runs a named prepared statement: Parse and Describe the first time, then one Bind,
 * Execute and Sync per call, sent to PostgreSQL as one message, so it is neither parsed
 * nor planned again.
 */
async function runPrepared(name: string, text: string, params: unknown[]): Promise<QueryResult> {
  return pg.runExclusive(async () => {
    let statement = statements.get(name);
    if (!statement || statement.text !== text) {
      const messages = [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()];
      if (statement) messages.unshift(serialize.close({ type: 'S', name }));
      statements.delete(name);
      const described = await pg.execProtocolStream(concat(messages), { syncToFs: false });
      statement = { text, paramOids: parse.parseDescribeStatementResults(described) };
      statements.set(name, statement);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[statement.paramOids[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await pg.execProtocolStream(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    await pg.syncToFs();
    return plain(parse.parseResults(messages, pg.parsers)[0]!);
  });
}

const listeners = new Map<string, () => Promise<void>>();

/**
 * BACKUP: the data directory's files copied into `into` while nothing else runs, after a
 * checkpoint, so the copy opens without replaying WAL. The files are real files (NODEFS) and
 * every write has reached them, so a copy taken between requests is consistent; compressing
 * it happens afterwards, outside the queue (server/backup/embedded.ts).
 */
async function dumpDataDir(into: string): Promise<DumpResult> {
  if (!options.dataDir) throw new Error('an in-memory database has no data directory to dump');
  const dataDir = options.dataDir;
  await pg.exec('checkpoint');
  // Recovery starts at the checkpoint's WAL segment: earlier segments are no longer needed and
  // later ones are recycled files, so the copy takes that segment and the next (in case the
  // checkpoint record crosses into it).
  const { rows } = await pg.query<{ redo: string }>('select redo_wal_file as redo from pg_control_checkpoint()');
  const walNeeded = new Set(readdirSync(join(dataDir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= rows[0]!.redo)
    .sort().slice(0, 2));
  let files = 0;
  let bytes = 0;
  cpSync(dataDir, into, {
    recursive: true,
    errorOnExist: true,
    // A copy-on-write clone where the file system offers one, else a plain copy.
    mode: fsConstants.COPYFILE_FICLONE,
    // postmaster.pid names the running server; a restored copy must not carry it.
    filter: (source) => {
      const path = relative(dataDir, source);
      if (path === 'postmaster.pid') return false;
      if (dirname(path) === 'pg_wal' && /^[0-9A-F]{24}$/.test(basename(path)) && !walNeeded.has(basename(path))) return false;
      const stat = statSync(source);
      if (stat.isFile()) {
        files += 1;
        bytes += stat.size;
      }
      return true;
    },
  });
  return { files, bytes };
}

/**
 * PGlite has no autovacuum either: without it the space of deleted and updated rows (purged
 * sessions, OTPs and idempotency keys, every payment's update of its account) is never made
 * reusable, the planner never gets statistics, and the visibility map is never set. Every
 * `maintenanceIntervalMs`, and as soon as `maintenanceEveryRequests` requests have been
 * answered since the last round began, the worker does their work itself, in the queue,
 * between transactions, one round at a time.
 *
 * By work, not only by time: a fresh ledger's payments grew 1.9 → 2.7 ms of the worker's time
 * each over its first 13,000 (CPU per payment 2.3 → 3.0 ms, bench:pglite's fresh server 619 →
 * 357/s) while the 60 s timer had not yet fired, and fell back once a round ran. The profile
 * (one round every 2,000 requests with only its VACUUMs, then only its ANALYZEs) put it on the
 * statistics, not on dead rows: VACUUM alone left the decay as it was (2.0 → 2.8 ms), ANALYZE
 * alone held 1.4–1.6 ms: the plans were made from statistics of tables far smaller than they
 * had become (a new shop's ledger was last analyzed empty), and at 1,000 payments a second the
 * timer's minute is 60,000 of them.
 * A round whose plan finds nothing due costs one query on pg_stat_user_tables (about 1 ms).
 *
 * A round:
 * - VACUUM and/or ANALYZE each table over autovacuum's own default thresholds (dead rows above
 *   50 + 20 % of the live ones, rows changed since the last analyze above 50 + 10 %), so each
 *   step's work is bounded by what changed, and ANALYZE reads a sample of at most 3,000 rows.
 *   Not autovacuum's insert threshold: it would VACUUM the ledger, which only grows, whole,
 *   once per 20 % of growth (seconds on a large one, all of it a payment's wait), to set
 *   visibility bits nothing here needs;
 * - a CHECKPOINT once `checkpointWalBytes` of WAL have been written since the last one, so
 *   the WAL before it is recycled and no payment meets the checkpoint PostgreSQL would
 *   otherwise run inside a commit when max_wal_size is reached.
 * Each round is logged (a JSON line, as the server's log) with how long each step held the
 * database: a payment arriving meanwhile waits at most that long (bench:pglite reports it).
 */
const maintenanceIntervalMs = 60_000;
const maintenanceEveryRequests = 2_000;
/** Requests answered since the last round began; counted only while maintenance is on. */
let requestsSinceRound = 0;
let roundEvery = 0;
const checkpointWalBytes = 16 * 2 ** 20;
let maintenanceTimer: NodeJS.Timeout | undefined;
/** Appends work to the queue of requests (set by start()). */
let enqueue: (work: () => Promise<void>) => void = () => {};
/** A maintenance step that found a transaction open: it runs once that has ended. */
let deferredStep: (() => Promise<void>) | null = null;

const dueTables = `
  select relid::regclass::text as name, n_dead_tup > 50 + 0.2 * n_live_tup as vacuum,
         n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
  from pg_stat_user_tables
  where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
  order by n_dead_tup desc`;

const walSinceCheckpoint = `select (pg_current_wal_lsn() - redo_lsn)::bigint as bytes from pg_control_checkpoint()`;

interface Step { name: string; run(): Promise<unknown> }

/**
 * Queues the first of `steps` behind the requests already waiting, never inside a
 * transaction, and once it has run, the next: requests that came meanwhile go between two
 * steps, so a payment waits for one step at most, never for the round.
 */
function runSteps(steps: Step[], done: { step: string; ms: number }[]): void {
  const first = steps.shift();
  if (!first) {
    maintaining = false;
    if (done.length === 0) return;
    const longestMs = Math.max(...done.map((s) => s.ms));
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'PGlite maintenance', longestMs, steps: done })}\n`);
    return;
  }
  const step = async () => {
    if (pg.closed) return;
    if (pg.isInTransaction()) {
      deferredStep = step;
      return;
    }
    const started = performance.now();
    try {
      await first.run();
      if (first.name !== 'plan') done.push({ step: first.name, ms: Math.round(performance.now() - started) });
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'PGlite maintenance failed', step: first.name, err: fieldsOf(error) })}\n`);
    }
    runSteps(steps, done);
  };
  enqueue(step);
}

/** One round: what is due, found between requests, then done a step at a time. */
let maintaining = false;
function maintain(): void {
  if (maintaining) return;
  maintaining = true;
  requestsSinceRound = 0;
  const steps: Step[] = [];
  steps.push({
    name: 'plan',
    run: async () => {
      const { rows } = await pg.query<{ name: string; vacuum: boolean; analyze: boolean }>(dueTables);
      for (const table of rows) {
        const command = table.vacuum ? `vacuum${table.analyze ? ' (analyze)' : ''}` : 'analyze';
        steps.push({ name: `${command} ${table.name}`, run: () => pg.exec(`${command} ${table.name}`) });
      }
      const [wal] = (await pg.query<{ bytes: number }>(walSinceCheckpoint)).rows;
      if ((wal?.bytes ?? 0) > checkpointWalBytes) steps.push({ name: 'checkpoint', run: () => pg.exec('checkpoint') });
    },
  });
  runSteps(steps, []);
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return plain(await pg.query(request.text, request.params, { rowMode: request.rowMode, parsers: rawParsers(request.rawOids) }));
    case 'prepared':
      return runPrepared(request.name, request.text, request.params);
    case 'exec':
      return (await pg.exec(request.text)).map(plain);
    case 'listen':
      if (!listeners.has(request.channel)) {
        const channel = request.channel;
        listeners.set(channel, await pg.listen(channel, (payload) => post({ type: 'notify', channel, payload })));
      }
      return null;
    case 'unlisten': {
      const unlisten = listeners.get(request.channel);
      listeners.delete(request.channel);
      await unlisten?.();
      return null;
    }
    case 'memory': {
      const wasm = (pg as unknown as { mod?: { HEAPU8: Uint8Array } }).mod;
      return { wasmBytes: wasm?.HEAPU8.byteLength ?? 0, heapUsedBytes: process.memoryUsage().heapUsed };
    }
    case 'dump':
      return dumpDataDir(request.into);
    case 'close':
      clearInterval(maintenanceTimer);
      await pg.close();
      return null;
  }
}

async function start(): Promise<void> {
  try {
    pg = await PGlite.create({
      dataDir: options.dataDir,
      parsers: { [types.INT8]: bigintToNumber },
      startParams: [...PGlite.defaultStartParams, ...embeddedSettings.flatMap((setting) => ['-c', setting])],
    });
  } catch (error) {
    post({ type: 'failed', error: fieldsOf(error) });
    port.close();
    return;
  }
  // One request at a time, in arrival order: the main thread relies on that order to keep
  // a transaction's statements together.
  let previous: Promise<unknown> = Promise.resolve();
  port.on('message', (request: Request) => {
    previous = previous.then(async () => {
      try {
        post({ type: 'result', id: request.id, result: await handle(request) });
        if (request.op === 'close') port.close();
      } catch (error) {
        post({ type: 'error', id: request.id, error: fieldsOf(error) });
      }
      if (roundEvery > 0 && ++requestsSinceRound >= roundEvery) maintain();
      // A maintenance step that found a transaction open runs once it has ended.
      const deferred = deferredStep;
      if (deferred && !pg.closed && !pg.isInTransaction()) {
        deferredStep = null;
        await deferred();
      }
    });
  });
  enqueue = (work) => {
    previous = previous.then(work);
  };
  const interval = options.maintenanceIntervalMs ?? maintenanceIntervalMs;
  if (options.dataDir && interval > 0) {
    maintenanceTimer = setInterval(maintain, interval);
    maintenanceTimer.unref();
    roundEvery = options.maintenanceEveryRequests ?? maintenanceEveryRequests;
  }
  post({ type: 'ready' });
}

// The file is loaded as CommonJS (see pglite-worker.ts), where there is no top-level await.
void start();
