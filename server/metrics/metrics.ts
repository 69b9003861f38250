/**
 * What GET /metrics reports, on the app's own prom-client Registry (never the global one,
 * so two apps in one process, as tests build them, never mix their counts). Every label
 * comes from a closed set: a route's pattern, a status, an error code, a vendor's name;
 * never a URL, an id or a phone (docs/operations.md, "Metrics").
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { DatabaseWatch } from '../db/availability';
import { isDatabaseUnavailable, type Db } from '../db/client';
import { PgliteWorkerClient } from '../db/pglite-worker';
import type { ReplicaState } from '../db/read-routing';
import type { SharedLimits } from '../shared-limits/shared-limits';
import { SmsSendError, type SmsProvider } from '../sms/provider';

const replicaStates = Object.keys({ none: 1, up: 1, down: 1, behind: 1 } satisfies Record<ReplicaState, 1>) as ReplicaState[];

/** The requests that move money, by their route: the kind each is counted as. */
export const moneyRoutes: Readonly<Record<string, string>> = {
  'POST /api/payments/process': 'payment',
  'POST /api/business/transactions/:id/refund': 'refund',
  'POST /api/business/transactions/:id/reversal': 'reversal',
  'POST /api/business/credit-accounts/:id/repayment': 'repayment',
  'POST /api/business/repayment-claims/:id/confirm': 'repayment',
  'POST /api/business/charges/:id/confirm': 'charge',
};

/** Long-lived answers (live updates) whose duration says nothing of latency: counted, not timed. */
export const streamRoutes: ReadonlySet<string> = new Set(['GET /api/events']);

/** The label of a request no route matched: never its URL. */
export const unmatchedRoute = 'unmatched';

/** How long the database probe at each scrape may take before it counts as "down". */
const databaseProbeTimeoutMs = 2_000;

/** Latency buckets in seconds: a payment takes milliseconds; 10 s is a stuck one. */
const latencyBucketsSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Outcome of a money request: ok, refused:<the answer's error code>, or error (5xx). */
export function moneyOutcome(status: number, errorCode: string | undefined): string {
  if (status < 400) return 'ok';
  if (status >= 500) return 'error';
  return `refused:${errorCode ?? 'unknown'}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}

export interface MetricsDeps {
  db: Db;
  /** Read at each scrape: the app makes its watch after its services, which send SMS through here. */
  database: () => DatabaseWatch;
  /** REDIS_URL's shared limits: how often Redis could not answer (then the process counted alone). */
  sharedLimits?: Pick<SharedLimits, 'unavailableTotal'>;
  /** DATABASE_READ_URL's replica state, read at each scrape; undefined before the services exist. */
  replicaState?: () => ReplicaState | undefined;
}

/**
 * Process CPU and memory, heap, GC, handles and the event loop's lag (nodejs_eventloop_lag_*),
 * made once per process and shared by every app it builds: collectDefaultMetrics starts an
 * event-loop delay monitor that prom-client gives no way to stop, so one per app would leave
 * one running behind each closed app (tests build many).
 */
let processMetrics: Registry | undefined;
function processMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  // Its types name plain objects; they are the metrics themselves.
  for (const metric of processMetricsRegistry().getMetricsAsArray()) registry.registerMetric(metric as unknown as Metric);

  const httpRequests = new Counter({
    name: 'khata_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'khata_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status (live-update streams excluded).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: latencyBucketsSeconds,
    registers: [registry],
  });
  const moneyRequests = new Counter({
    name: 'khata_money_requests_total',
    help: 'Requests that move money (payment, refund, reversal, repayment, charge), by outcome: ok, refused:<error code>, error.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const smsSends = new Counter({
    name: 'khata_sms_sends_total',
    help: 'SMS handed to the vendors, by the vendor that took it (the configured one when all failed) and result: sent, failed (every try and vendor failed), error (a bug, not an outage).',
    labelNames: ['vendor', 'result'] as const,
    registers: [registry],
  });
  let streamsOpen = 0;
  new Gauge({
    name: 'khata_event_streams_open',
    help: 'Live-update streams (GET /api/events) open in this process.',
    registers: [registry],
    collect() { this.set(streamsOpen); },
  });
  new Gauge({
    name: 'khata_database_up',
    help: 'Whether the database answered a "select 1" within 2 s at this scrape (1) or not (0).',
    registers: [registry],
    async collect() {
      try {
        await withTimeout(deps.db.execute(sql`select 1`), databaseProbeTimeoutMs);
        deps.database().answered();
        this.set(1);
      } catch (error) {
        if (isDatabaseUnavailable(error)) deps.database().lost(error);
        this.set(0);
      }
    },
  });

  const { sharedLimits, replicaState } = deps;
  if (sharedLimits) {
    new Counter({
      name: 'khata_shared_limits_unavailable_total',
      help: 'Request-limit and stream-cap checks Redis (REDIS_URL) could not answer; each was counted in this process alone.',
      registers: [registry],
      collect() { this.reset(); this.inc(sharedLimits.unavailableTotal()); },
    });
  }
  if (replicaState) {
    new Gauge({
      name: 'khata_read_replica_state',
      help: 'The read replica (DATABASE_READ_URL) as this process sees it: 1 on its current state (none, up, down, behind).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const current = replicaState();
        for (const state of replicaStates) this.set({ state }, state === current ? 1 : 0);
      },
    });
  }

  const client = (deps.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: 'khata_db_pool_connections',
      help: 'PostgreSQL pool connections, by state: total (open) and idle.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'khata_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() { this.set(pool.waitingCount); },
    });
  } else if (client instanceof PgliteWorkerClient) {
    const worker = client;
    new Gauge({
      name: 'khata_pglite_queue_waiting',
      help: 'Calls waiting for the embedded PGlite worker\'s one connection (held by a transaction).',
      registers: [registry],
      collect() { this.set(worker.queueDepth.waiting); },
    });
    new Gauge({
      name: 'khata_pglite_in_flight',
      help: 'Messages sent to the embedded PGlite worker and not yet answered.',
      registers: [registry],
      collect() { this.set(worker.queueDepth.inFlight); },
    });
  }
  // In-process PGlite (tests, tools) has no queue to show, and adds no series.

  return {
    registry,
    /** Counts one answered request; `errorCode` is the refusal's code, when the answer was one. */
    observeRequest(method: string, route: string | undefined, status: number, seconds: number, errorCode?: string) {
      const key = route === undefined ? undefined : `${method} ${route}`;
      const labels = { method, route: route ?? unmatchedRoute, status: String(status) };
      httpRequests.inc(labels);
      if (key === undefined || !streamRoutes.has(key)) httpDuration.observe(labels, seconds);
      const kind = key === undefined ? undefined : moneyRoutes[key];
      if (kind) moneyRequests.inc({ kind, outcome: moneyOutcome(status, errorCode) });
    },
    streamOpened() { streamsOpen += 1; },
    streamClosed() { streamsOpen -= 1; },
    /** The provider, counting each send by the vendor that took it and its result. */
    countingSms(provider: SmsProvider): SmsProvider {
      return {
        name: provider.name,
        async send(message, options) {
          try {
            const sent = await provider.send(message, options);
            smsSends.inc({ vendor: sent.provider, result: 'sent' });
            return sent;
          } catch (error) {
            smsSends.inc({ vendor: provider.name, result: error instanceof SmsSendError ? 'failed' : 'error' });
            throw error;
          }
        },
      };
    },
    // Forgets this app's series; the process's own metrics (and their monitor) stay for the next app.
    close() { registry.clear(); },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
