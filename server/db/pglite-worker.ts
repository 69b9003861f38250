/**
 * Embedded PGlite in a worker thread, so SQL runs on a second core while this thread
 * serves HTTP. `PgliteWorkerClient` answers what Drizzle's PGlite driver and our own code
 * call on a PGlite client (query, exec, transaction, listen, close), by message.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './client';
import * as schema from './schema';
import type { DumpResult, ErrorFields, QueryResult, Reply, Request, RowMode, WorkerOptions } from './pglite-worker-protocol';

type Body = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;
type Parsers = Record<number, (value: string) => unknown>;

/** Rebuilds a database error on this side with the fields the services read. */
function errorFrom(fields: ErrorFields): Error {
  const { name, message, ...rest } = fields;
  // A BIGINT beyond 2^53 is a RangeError, as in this thread; every other error a plain Error with its fields.
  return Object.assign(name === 'RangeError' ? new RangeError(message) : new Error(message), rest);
}

const probe = 'khata-raw-text-probe';
const rawOidsCache = new WeakMap<Parsers, number[]>();

/**
 * Functions cannot cross to the worker, so per-query parsers must be the identity (Drizzle
 * asks for dates and intervals as raw text); the worker rebuilds them from their OIDs.
 */
function rawOids(parsers: Parsers | undefined): number[] | undefined {
  if (!parsers) return undefined;
  let oids = rawOidsCache.get(parsers);
  if (!oids) {
    oids = Object.entries(parsers).map(([oid, parser]) => {
      if (parser(probe) !== probe) throw new Error(`a parser for type ${oid} cannot cross to the PGlite worker: only raw text can`);
      return Number(oid);
    });
    rawOidsCache.set(parsers, oids);
  }
  return oids;
}

export interface QueryOptions { rowMode?: RowMode; parsers?: Parsers }

/** The handle a transaction's callback gets: its statements bypass the queue it holds. */
export interface WorkerTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The worker's young generation: V8's default (about 48 MB) grows with every result. */
const youngGenerationMb = 6;

/**
 * Starts the thread. Built (`npm start` runs dist/server/main.mjs) its file sits beside this
 * one as JavaScript. From source it is TypeScript, and Node 20 runs no module loader hooks
 * in a worker, so the worker registers tsx's CommonJS hook and requires the file through it.
 *
 * PostgreSQL's WebAssembly is compiled by V8's baseline compiler only (Liftoff): the
 * optimising tier's background compilation of a module this size left some 100 MB in malloc
 * arenas for good, and cost the server its 250 MB budget; the baseline code runs payments
 * about 17 % slower (docs/performance.md). The flag is process-wide and read when a module
 * is compiled, so it is set before the thread loads PGlite.
 */
function startThread(options: WorkerOptions): Worker {
  setFlagsFromString('--liftoff-only');
  // Each result is garbage a moment later: a small young generation is collected often
  // and cheaply, where V8's default let the thread's heap grow by some 40 MB under load.
  const settings = { workerData: options, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } };
  if (import.meta.url.endsWith('.mjs')) return new Worker(new URL('./pglite-worker-thread.mjs', import.meta.url), settings);
  const bootstrap = `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(fileURLToPath(new URL('./pglite-worker-thread.ts', import.meta.url)))});`;
  return new Worker(bootstrap, { ...settings, eval: true });
}

interface Waiter { transaction: boolean; run(): void }

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, { callbacks: Set<(payload: string) => void>; listening: Promise<unknown> }>();
  #nextId = 1;
  #closed = false;
  /** True while a transaction holds the one connection; others wait in `#waiting`, in order. */
  #transactionOpen = false;
  readonly #waiting: Waiter[] = [];

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => this.#receive(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', () => this.#fail(new Error('the PGlite worker has stopped')));
  }

  static async start(options: WorkerOptions): Promise<PgliteWorkerClient> {
    const worker = startThread(options);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(errorFrom(reply.error));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
    });
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Read by GET /metrics (server/metrics): calls waiting for a transaction to give the one
   * connection up, and messages sent to the worker not yet answered.
   */
  get queueDepth(): { waiting: number; inFlight: number } {
    return { waiting: this.#waiting.length, inFlight: this.#pending.size };
  }

  #receive(reply: Reply): void {
    if (reply.type === 'notify') {
      for (const callback of this.#listeners.get(reply.channel)?.callbacks ?? []) callback(reply.payload);
      return;
    }
    if (reply.type !== 'result' && reply.type !== 'error') return;
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.type === 'result') pending?.resolve(reply.result);
    else pending?.reject(errorFrom(reply.error));
  }

  #fail(error: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #send<T>(body: Body): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the PGlite worker is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...body, id });
    });
  }

  /** Sends now unless a transaction holds the connection or is queued first. */
  #whenFree<T>(send: () => Promise<T>): Promise<T> {
    if (!this.#transactionOpen && this.#waiting.length === 0) return send();
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ transaction: false, run: () => send().then(resolve, reject) });
    });
  }

  #release(): void {
    this.#transactionOpen = false;
    while (!this.#transactionOpen && this.#waiting.length > 0) this.#waiting.shift()!.run();
  }

  #acquire(): Promise<void> {
    if (!this.#transactionOpen && this.#waiting.length === 0) {
      this.#transactionOpen = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.#waiting.push({ transaction: true, run: () => { this.#transactionOpen = true; resolve(); } });
    });
  }

  #query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#send<Results<T>>({ op: 'query', text, params, rowMode: options?.rowMode, rawOids: rawOids(options?.parsers) });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#whenFree(() => this.#query<T>(text, params, options));
  }

  exec(text: string): Promise<Results[]> {
    return this.#whenFree(() => this.#send<Results[]>({ op: 'exec', text }));
  }

  /** A named prepared statement: the worker parses and plans it once. */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<Results<T>> {
    return this.#whenFree(() => this.#send<Results<T>>({ op: 'prepared', name, text, params }));
  }

  /**
   * BEGIN … COMMIT around `work`, ROLLBACK when it throws (or asks to). Nothing else is
   * sent to the connection meanwhile: other callers queue until it ends.
   */
  async transaction<T>(work: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    await this.#acquire();
    let closed = false;
    let rolledBack = false;
    const ensureOpen = () => {
      if (closed) throw new Error('the transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.#query<R>(text, params, options);
      },
      exec: async (text: string) => {
        ensureOpen();
        return this.#send<Results[]>({ op: 'exec', text });
      },
      rollback: async () => {
        ensureOpen();
        await this.#send({ op: 'exec', text: 'rollback' });
        rolledBack = true;
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      await this.#send({ op: 'exec', text: 'begin' });
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        if (!rolledBack) {
          closed = true;
          await this.#send({ op: 'exec', text: 'rollback' }).catch(() => {});
        }
        throw error;
      }
      if (!rolledBack) {
        closed = true;
        await this.#send({ op: 'exec', text: 'commit' });
      }
      return result;
    } finally {
      closed = true;
      this.#release();
    }
  }

  /** Calls `callback` with each notification on `channel`; resolves to the way to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let entry = this.#listeners.get(channel);
    if (!entry) {
      // LISTEN waits its turn like any statement: inside an open transaction it would
      // take effect only if that transaction committed.
      entry = { callbacks: new Set(), listening: this.#whenFree(() => this.#send({ op: 'listen', channel })) };
      this.#listeners.set(channel, entry);
    }
    entry.callbacks.add(callback);
    await entry.listening;
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.callbacks.delete(callback) || current.callbacks.size > 0) return;
      this.#listeners.delete(channel);
      await this.#whenFree(() => this.#send({ op: 'unlisten', channel }));
    };
  }

  /** The worker's WebAssembly memory and JS heap, for the benchmarks. */
  memory(): Promise<{ wasmBytes: number; heapUsedBytes: number }> {
    return this.#send({ op: 'memory' });
  }

  /**
   * BACKUP: checkpoints and copies the data directory into `into` (which must not exist) in
   * its turn, between transactions; every other statement waits meanwhile (server/backup).
   */
  dump(into: string): Promise<DumpResult> {
    return this.#whenFree(() => this.#send<DumpResult>({ op: 'dump', into }));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#whenFree(() => this.#send({ op: 'close' }));
    this.#closed = true;
    await this.#worker.terminate();
  }
}

export type { QueryResult };

/** Opens embedded PGlite in its worker thread, behind the same `Database` as in-process PGlite. */
export async function openPgliteWorker(options: WorkerOptions = {}): Promise<Database & { client: PgliteWorkerClient }> {
  if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
    // A new data directory: initdb's memory stays with the thread that ran it (about 600 MB
    // of RSS), so a first thread creates the database and ends, and a fresh one serves.
    mkdirSync(options.dataDir, { recursive: true });
    await (await PgliteWorkerClient.start(options)).close();
  }
  const client = await PgliteWorkerClient.start(options);
  // Drizzle's PGlite driver calls only query and transaction, which the client answers alike.
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}
