/**
 * What the main thread and the PGlite worker thread say to each other, and the BIGINT
 * parser both database drivers share. Only plain data crosses the thread boundary.
 */

/** BIGINT as a JS number: every amount in paise fits in 2^53. */
export function bigintToNumber(text: string | number | bigint): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} does not fit in a JS number`);
  return value;
}

export interface WorkerOptions {
  dataDir?: string;
  /** How often the worker vacuums, analyzes and checkpoints (pglite-worker-thread.ts); 0: never. Default 60 s. */
  maintenanceIntervalMs?: number;
  /**
   * A maintenance round also starts once this many requests have been answered since the
   * last one began (pglite-worker-thread.ts). Default 2,000; 0: by the timer only.
   */
  maintenanceEveryRequests?: number;
}

export type RowMode = 'object' | 'array';

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode?: RowMode; rawOids?: number[] }
  | { id: number; op: 'prepared'; name: string; text: string; params: unknown[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'memory' }
  /** BACKUP: a checkpoint, then a copy of the data directory's files into `into` (server/backup). */
  | { id: number; op: 'dump'; into: string }
  | { id: number; op: 'close' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  rowCount?: number;
  command?: string;
}

/** A database error's fields, as pg and PGlite name them; `name` tells a plain Error apart. */
export interface ErrorFields {
  name: string;
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  where?: string;
  position?: string;
  routine?: string;
}

export const errorFieldNames = [
  'code', 'detail', 'hint', 'constraint', 'severity', 'schema', 'table', 'column', 'dataType', 'where', 'position', 'routine',
] as const;

/** BACKUP: what a `dump` copied. */
export interface DumpResult { files: number; bytes: number }

export type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorFields }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorFields }
  | { type: 'notify'; channel: string; payload: string };
