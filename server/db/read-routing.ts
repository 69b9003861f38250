/**
 * Where a read goes when a streaming replica is configured (DATABASE_READ_URL): reads that may
 * lag a moment (older pages of histories, statements, analytics) to the replica; the newest
 * page of a history (transactions.service.ts), payments, balances, every
 * other read, and any read of a session that wrote in the last READ_AFTER_WRITE_SECONDS to
 * the primary (plugins/read-after-write.ts tells which). A replica that cannot be reached,
 * that has fallen behind, or that is not a standby at all, is passed over and its reads go to
 * the primary.
 */
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable, rowsOf, sqlState, type Database, type Db } from './client';

/** 'fresh': the caller must see every commit so far (the primary); 'may-lag': a replica will do. */
export type Freshness = 'fresh' | 'may-lag';

/**
 * 'none': no replica configured; 'behind': reachable but more than a probe interval behind;
 * 'down': unreachable, or not a standby (a server no primary feeds would answer stale data forever).
 */
export type ReplicaState = 'none' | 'up' | 'down' | 'behind';

/** After a read found the replica unreachable, its reads go to the primary this long (or until a probe finds it back). */
export const replicaRetryAfterMs = 5_000;
/**
 * How often the replica is checked. A replica that has not replayed what the primary had
 * written one interval ago is `behind`, so a lagging read is at most about two intervals stale.
 */
export const replicaProbeIntervalMs = 5_000;

export interface ReadRouting {
  /** True when a replica is configured. */
  readonly replicated: boolean;
  /** Seconds after a session's own write during which its reads go to the primary. */
  readonly readAfterWriteSeconds: number;
  state(): ReplicaState;
  /**
   * Runs a read that may lag: on the replica when `freshness` allows and the replica is
   * up; on the primary otherwise, and again on the primary when the replica fails it for
   * being unreachable or for a recovery conflict (its answer never reaches the caller).
   */
  lagging<T>(freshness: Freshness, read: (db: Db) => Promise<T>): Promise<T>;
  /** One check of the replica now (the periodic probe calls it); resolves with the state after it. */
  probe(): Promise<ReplicaState>;
  /** Stops the probe and closes the replica's pool (never the primary's). */
  close(): Promise<void>;
}

export interface ReadRoutingOptions {
  primary: Db;
  /** The replica's database; absent → every read goes to the primary. */
  replica?: Pick<Database, 'db' | 'close'>;
  readAfterWriteSeconds: number;
  /** Milliseconds between probes; 0 → no periodic probe (a failed read still passes the replica over for replicaRetryAfterMs). */
  probeIntervalMs?: number;
  /** Told each change of state, with the error that caused it, if any. */
  onStateChange?: (state: ReplicaState, error?: unknown) => void;
  now?: () => number;
}

/** SQLSTATE 40001 on a hot standby: a statement cancelled because replay had to remove rows it could see. */
const recoveryConflict = (error: unknown) => sqlState(error) === '40001';

export function createReadRouting(options: ReadRoutingOptions): ReadRouting {
  const { primary, replica, readAfterWriteSeconds, onStateChange } = options;
  const now = options.now ?? Date.now;
  let downUntilMs = 0;
  let behind = false;
  /** The last probe found a server that is not in recovery: it replays nothing, so it is never used. */
  let notStandby = false;
  let closed = false;
  /** The primary's WAL position at the previous probe: the replica should have replayed it by the next. */
  let primaryLsn: string | undefined;

  const state = (): ReplicaState => {
    if (!replica) return 'none';
    if (notStandby || now() < downUntilMs) return 'down';
    return behind ? 'behind' : 'up';
  };

  function change(update: () => void, error?: unknown) {
    const before = state();
    update();
    const after = state();
    if (after !== before) onStateChange?.(after, error);
  }

  const markDown = (error: unknown) => change(() => { downUntilMs = now() + replicaRetryAfterMs; }, error);

  async function lagging<T>(freshness: Freshness, read: (db: Db) => Promise<T>): Promise<T> {
    if (!replica || freshness === 'fresh' || state() !== 'up') return read(primary);
    try {
      return await read(replica.db);
    } catch (error) {
      if (isDatabaseUnavailable(error)) markDown(error);
      else if (!recoveryConflict(error)) throw error;
      return read(primary);
    }
  }

  async function probe(): Promise<ReplicaState> {
    if (!replica || closed) return state();
    try {
      // The first probe has no position to compare with: a standby counts as caught up.
      const found = rowsOf<{ standby: boolean; caught_up: boolean }>(await replica.db.execute(sql`select
        pg_is_in_recovery() as standby,
        coalesce(pg_last_wal_replay_lsn() >= ${primaryLsn ?? null}::pg_lsn, true) as caught_up`))[0]!;
      change(() => { downUntilMs = 0; notStandby = !found.standby; behind = !found.caught_up; },
        found.standby ? undefined : new Error('DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false)'));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      markDown(error);
    }
    try {
      primaryLsn = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]!.lsn;
    } catch (error) {
      // The primary's own troubles are answered where its reads and writes fail.
      if (!isDatabaseUnavailable(error)) throw error;
    }
    return state();
  }

  let timer: NodeJS.Timeout | undefined;
  if (replica && (options.probeIntervalMs ?? 0) > 0) {
    let probing = false;
    timer = setInterval(() => {
      if (probing) return;
      probing = true;
      probe().catch((error: unknown) => onStateChange?.(state(), error)).finally(() => { probing = false; });
    }, options.probeIntervalMs);
    timer.unref();
  }

  return {
    replicated: replica !== undefined,
    readAfterWriteSeconds,
    state,
    lagging,
    probe,
    async close() {
      closed = true;
      clearInterval(timer);
      await replica?.close();
    },
  };
}
