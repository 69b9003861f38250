/**
 * The PGlite worker thread: owns the embedded database so SQL runs on its own core while
 * the main thread serves HTTP. It answers one request at a time, in the order they came.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types, type Results } from '@electric-sql/pglite';
import {
  bigintToNumber, errorFieldNames, type ErrorFields, type QueryResult, type Reply, type Request, type WorkerOptions,
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
 */
const embeddedSettings = ['shared_buffers=16MB'];

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
    case 'close':
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
    });
  });
  post({ type: 'ready' });
}

// The file is loaded as CommonJS (see pglite-worker.ts), where there is no top-level await.
void start();
