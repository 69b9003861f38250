/**
 * Whether the database answers, as the operator reads it in the log: one line when it is
 * lost, one when it is back, however many requests failed in between. Any failure that
 * means "unreachable" reports here; while lost, one probe a databaseProbeIntervalMs checks
 * for its return, so the line comes even without traffic.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { databaseProbeIntervalMs } from '@common/limits';
import type { Db } from './client';

export interface DatabaseWatch {
  /** Reports a failure that means the database cannot be reached. */
  lost(error: unknown): void;
  /** Reports an answer from the database: ends a loss, if there was one. */
  answered(): void;
  isLost(): boolean;
  stop(): void;
}

const reasonOf = (error: unknown): string => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof message === 'string' && message) return typeof code === 'string' ? `${code}: ${message}` : message;
    current = (current as { cause?: unknown }).cause;
  }
  return String(error);
};

export function createDatabaseWatch(deps: { db: Db; log: () => FastifyBaseLogger; probeIntervalMs?: number }): DatabaseWatch {
  const probeIntervalMs = deps.probeIntervalMs ?? databaseProbeIntervalMs;
  let lostAt: number | null = null;
  let probe: NodeJS.Timeout | null = null;
  let stopped = false;

  function scheduleProbe() {
    if (stopped || probe) return;
    probe = setTimeout(() => {
      probe = null;
      deps.db.execute(sql`select 1`).then(answered, scheduleProbe);
    }, probeIntervalMs);
    probe.unref();
  }

  function answered() {
    if (lostAt === null) return;
    const seconds = ((Date.now() - lostAt) / 1000).toFixed(1);
    lostAt = null;
    deps.log().warn({ database: 'back', unavailableSeconds: Number(seconds) },
      `Database back after ${seconds} s: serving requests again`);
  }

  return {
    lost(error) {
      if (lostAt !== null || stopped) return;
      lostAt = Date.now();
      deps.log().error({ database: 'lost', reason: reasonOf(error) },
        `Database lost (${reasonOf(error)}): answering 503 with Retry-After until it is back`);
      scheduleProbe();
    },
    answered,
    isLost: () => lostAt !== null,
    stop() {
      stopped = true;
      if (probe) clearTimeout(probe);
      probe = null;
    },
  };
}
