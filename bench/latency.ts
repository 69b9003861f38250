/**
 * npm run bench:latency — payment p99 at 60 % of the capacity measured in the same run, open
 * loop, against pgbench running the endpoint's own statement at the same rate (docs/performance.md:
 * p99 ≤ 1.5 × pgbench's). Each round measures capacity (64 clients, closed loop, wrk), then sends
 * payments at 60 % of it on a fixed schedule whether or not earlier ones have answered, each latency
 * counted from its scheduled time (no coordinated omission), then runs pgbench --rate at that rate
 * with as many connections as the server's pool. Both arrive as a Poisson stream (pgbench's own
 * schedule; BENCH_ARRIVALS=uniform spaces the payments evenly instead). Medians of 3 rounds.
 * Then, unless BENCH_BREAKDOWN=0, one more run at the median rate against a server that stamps
 * each payment's phases (HTTP parse, hooks, validation, pool wait, database, serialise, write)
 * says where the time of the slowest 1 % goes, and, from the kernel's schedstat of the server's main
 * thread, whether its event-loop standstills ran code or waited for a core. The shipped
 * configuration, an Idempotency-Key per payment.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  accountMap, alternate, cpuPerUnit, cpuSample, formatCpu, machine, median, medianCpu, paymentsDataset, qrToken, reconcileOrFail,
  runWrk, startServer, wrkScript, type CpuShare, type RunningServer,
} from './lib';
import { benchPin } from './seed';
import { payStatementForPgbench } from './statements';

const share = Number(process.env.BENCH_SHARE ?? 0.6);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const arrivals = process.env.BENCH_ARRIVALS === 'uniform' ? 'uniform' : 'poisson';
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
const breakdown = process.env.BENCH_BREAKDOWN !== '0';
const p99RatioMax = 1.5;

const nowMs = () => performance.timeOrigin + performance.now();

console.log(`Machine: ${machine()}`);
const dataset = await paymentsDataset();
const database = new URL(dataset.url).pathname.slice(1);
const accounts = await accountMap(dataset.url);
wrkScript(accounts.map((a, i) => ({ token: a.token, qr: qrToken(a.merchants[i % a.merchants.length]!) })), '/tmp/khata-bench-latency.lua');
writeFileSync('/tmp/khata-bench-latency.sql', payStatementForPgbench(dataset));
const serverEnv = { DATABASE_URL: dataset.url, DB_POOL_SIZE: String(poolSize) };
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let sent = 0;

/** One payment as the client saw it: absolute times in ms (performance.timeOrigin-based, as the probe's). */
interface Sent { key: string; scheduledAt: number; sentAt: number; endAt: number; status: number; newConnection: boolean }

/**
 * A keep-alive connection that sends one prepared HTTP/1.1 request at a time and reads its answer
 * by Content-Length, without http.request's objects and header parsing per request: the generator
 * shares the cores with the server and PostgreSQL, and pgbench's client, on the other side of the
 * ratio, is C.
 */
class Connection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private answer: ((status: number) => void) | null = null;
  closed = false;

  constructor(port: number) {
    this.socket = connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => {});
    this.socket.on('close', () => { this.closed = true; this.finish(0); });
  }

  send(request: string): Promise<number> {
    return new Promise((resolve) => {
      this.answer = resolve;
      this.socket.write(request);
    });
  }

  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headerEnd = this.received.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.received.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    // Every answer of this route carries a Content-Length; one without it is a failure to count.
    if (!Number.isFinite(length)) { this.socket.destroy(); return; }
    if (this.received.length < headerEnd + 4 + length) return;
    this.received = this.received.subarray(headerEnd + 4 + length);
    this.finish(Number(head.slice(9, 12)));
  }

  private finish(status: number) {
    const answer = this.answer;
    this.answer = null;
    answer?.(status);
  }

  close() { this.socket.destroy(); }
}

const idle: Connection[] = [];

function pay(url: string, i: number, scheduledAt: number): Promise<Sent> {
  const { port } = new URL(url);
  const account = accounts[i % accounts.length]!;
  const body = JSON.stringify({ qrData: qrToken(account.merchants[i % account.merchants.length]!), pin: benchPin, amount: '10.00' });
  const key = `latency-${process.pid}-${sent++}`;
  const request = `POST /api/payments/process HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n`
    + `Authorization: Bearer ${account.token}\r\nIdempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  let connection = idle.pop();
  while (connection?.closed) connection = idle.pop();
  const using = connection ?? new Connection(Number(port));
  const sentAt = nowMs();
  return using.send(request).then((status) => {
    const endAt = nowMs();
    if (!using.closed) idle.push(using);
    return { key, scheduledAt, sentAt, endAt, status, newConnection: connection === undefined };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Latencies { p50Ms: number; p99Ms: number; maxMs: number }

function latencies(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1)! };
}

/** Open loop: payments at `rate` a second for `durationSeconds`, each timed from its scheduled start. */
async function openLoop(url: string, rate: number, durationSeconds: number, serverPid?: number) {
  const total = Math.round(rate * durationSeconds);
  const cpuBefore = cpuSample(process.pid, serverPid);
  // The generator's own event-loop delay: a stall here is counted in every latency it delays.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const start = nowMs() + 50;
  const inFlight: Promise<Sent>[] = [];
  let scheduledAt = start;
  for (let i = 0; i < total; i++) {
    scheduledAt += arrivals === 'uniform' ? 1000 / rate : (-Math.log(1 - Math.random()) * 1000) / rate;
    const wait = scheduledAt - nowMs();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(pay(url, i, scheduledAt));
  }
  const payments = await Promise.all(inFlight);
  const cpu = cpuPerUnit(cpuBefore, cpuSample(process.pid, serverPid), total);
  loopDelay.disable();
  const failures = payments.filter((p) => p.status !== 201).length;
  return {
    payments, failures, cpu, ...latencies(payments.map((p) => p.endAt - p.scheduledAt)),
    generatorLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
}

/**
 * pgbench running the endpoint's statement (bench/statements.ts) at `rate` a second, Poisson
 * arrivals, with the server pool's number of connections; latencies from its per-transaction
 * log, which under --rate count from each transaction's scheduled start, as openLoop does.
 */
async function pgbenchAtRate(rate: number, durationSeconds: number): Promise<Latencies & { transactions: number; lateMs: number; cpu: CpuShare }> {
  const prefix = '/tmp/khata-bench-latency-pgbench';
  const args = ['-h', '127.0.0.1', '-U', 'postgres', '-n', '-M', 'prepared', '-f', '/tmp/khata-bench-latency.sql',
    '-c', String(poolSize), '-j', '2', '-R', String(rate), '-T', String(durationSeconds), '-l', `--log-prefix=${prefix}`, database];
  const child = spawn('pgbench', args, { cwd: '/tmp' });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const cpuBefore = cpuSample(child.pid!);
  let cpuAfter = cpuBefore;
  // pgbench's own CPU is read just before it exits, while its /proc entry still exists.
  const sampler = setInterval(() => { cpuAfter = cpuSample(child.pid!); }, 250);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  const logs = readdirSync('/tmp').filter((name) => name.startsWith(`khata-bench-latency-pgbench.${child.pid}`)).map((name) => `/tmp/${name}`);
  if (status !== 0 || logs.length === 0) throw new Error(`pgbench failed (${status}):\n${output}`);
  // A log line: client_id transaction_no time_us script_no time_epoch time_us_part [schedule_lag_us].
  const micros: number[] = [];
  const lags: number[] = [];
  for (const log of logs) {
    for (const line of readFileSync(log, 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length < 6) continue;
      micros.push(Number(fields[2]) / 1000);
      if (fields[6] !== undefined) lags.push(Number(fields[6]) / 1000);
    }
    rmSync(log);
  }
  return { transactions: micros.length, ...latencies(micros), lateMs: latencies(lags).p99Ms, cpu: cpuPerUnit(cpuBefore, cpuAfter, micros.length) };
}

// ---- where the time goes: phase stamps taken inside the server ----

/** A payment's phases as the probe stamped them in the server (absolute ms), by Idempotency-Key. */
type Stamps = Record<string, number>;

/**
 * Runs inside the server (written to a file and loaded with `node --import`), so the server's own
 * code is measured unchanged. It stamps each payment's phases through Fastify's hooks (its own first
 * in each phase through `fastify.initialization`, route-level ones last through onRoute), the
 * handler's tracing channel, the `http.server.request.start` channel and pg's pool and client, and
 * writes one JSON line per payment when the server exits. No imports: it is serialised by toString.
 */
function probe() {
  type Hook = (...args: unknown[]) => void;
  type Request = { raw: object; headers: Record<string, string | undefined> };
  type Fastify = { addHook(name: string, hook: Hook): void };
  type Route = { url: string; method: string | string[] } & Record<string, unknown>;
  const dc = process.getBuiltinModule('node:diagnostics_channel');
  const { AsyncLocalStorage } = process.getBuiltinModule('node:async_hooks');
  const { createRequire } = process.getBuiltinModule('node:module');
  const { readFileSync: readText, writeFileSync: write } = process.getBuiltinModule('node:fs');
  const { monitorEventLoopDelay: loopMonitor, PerformanceObserver } = process.getBuiltinModule('node:perf_hooks');
  const pgModule = createRequire(`${process.cwd()}/`)('pg') as {
    Pool: { prototype: { connect(...args: unknown[]): unknown } }; Client: { prototype: { query(...args: unknown[]): unknown } };
  };
  const now = () => performance.timeOrigin + performance.now();
  const path = '/api/payments/process';
  const byRaw = new WeakMap<object, Record<string, number | string>>();
  const done: Record<string, number | string>[] = [];
  const current = new AsyncLocalStorage<Record<string, number | string>>();
  const loop = loopMonitor({ resolution: 1 });
  loop.enable();
  // When the event loop stood still, and which of those stills were garbage collection: [start, ms].
  // A standstill also carries what the kernel says the main thread did meanwhile (its schedstat:
  // ns on a core, ns runnable but waiting for one, slices): running our code (or V8's), or
  // descheduled on cores it shares with PostgreSQL and the load generator.
  const stalls: [start: number, ms: number, onCpuMs: number, runQueueMs: number, slices: number][] = [];
  const collections: [number, number][] = [];
  const schedstat = () => readText('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number) as [number, number, number];
  // The main thread's totals once a second, to tell its time on a core from its wait over the run.
  const schedule: [at: number, onCpuNs: number, runQueueNs: number][] = [];
  let tickAt = now();
  let tickStat = schedstat();
  setInterval(() => {
    const at = now();
    const stat = schedstat();
    if (at - tickAt > 15) {
      stalls.push([tickAt + 5, at - tickAt - 5, (stat[0] - tickStat[0]) / 1e6, (stat[1] - tickStat[1]) / 1e6, stat[2] - tickStat[2]]);
    }
    if (at - (schedule.at(-1)?.[0] ?? 0) >= 1000) schedule.push([at, stat[0], stat[1]]);
    tickAt = at;
    tickStat = stat;
  }, 5).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push([performance.timeOrigin + entry.startTime, entry.duration]);
  }).observe({ entryTypes: ['gc'] });

  dc.subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: { url?: string; method?: string; headers: Record<string, string | undefined> } };
    if (request.method !== 'POST' || request.url !== path) return;
    byRaw.set(request, { key: request.headers['idempotency-key'] ?? '', parsed: now() });
  });
  /** A hook that stamps `name` (once) and makes the payment the current one for the code that follows. */
  const stamp = (name: string, withPayload: boolean): Hook => (...args) => {
    const stamps = byRaw.get((args[0] as Request).raw);
    if (stamps) {
      stamps[name] ??= now();
      current.enterWith(stamps);
    }
    const next = args.at(-1) as (error: null, payload?: unknown) => void;
    if (withPayload) next(null, args[2]);
    else next(null);
  };
  dc.subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: Fastify };
    fastify.addHook('onRequest', stamp('onRequest', false));
    fastify.addHook('preParsing', stamp('preParsing', true));
    fastify.addHook('preValidation', stamp('preValidation', false));
    fastify.addHook('preHandler', stamp('preHandler', false));
    fastify.addHook('preSerialization', stamp('preSerialization', true));
    fastify.addHook('onSend', stamp('onSend', true));
    fastify.addHook('onResponse', (...args: unknown[]) => {
      const stamps = byRaw.get((args[0] as Request).raw);
      if (stamps) {
        stamps.finished = now();
        stamps.status = (args[1] as { statusCode: number }).statusCode;
        done.push(stamps);
      }
      (args.at(-1) as () => void)();
    });
    // Route-level hooks run after every instance hook: the end of each phase.
    fastify.addHook('onRoute', (...args: unknown[]) => {
      const route = args[0] as Route;
      if (route.url !== path) return;
      for (const [phase, withPayload] of [['onRequest', false], ['preValidation', false], ['preHandler', false], ['onSend', true]] as const) {
        const existing = route[phase];
        const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
        route[phase] = [...hooks, stamp(`${phase}End`, withPayload)];
      }
    });
  });
  // The handler's start; its end is the reply's preSerialization (it answers with reply.send).
  const handler = dc.tracingChannel('fastify.request.handler');
  const handlerStore = (message: unknown) => byRaw.get((message as { request: Request }).request.raw);
  handler.start.bindStore(current, (message) => handlerStore(message)!);
  dc.subscribe('tracing:fastify.request.handler:start', (message) => {
    const stamps = handlerStore(message);
    if (stamps) stamps.handler ??= now();
  });
  // The handler's pool wait and statements are stamped (first connect, first send, last answer,
  // summed time); statements before the handler (a session's first lookup) are summed apart, and
  // those after it (work a payment left behind, such as the event batch) are not the payment's.
  type PaymentStamps = Record<string, number | string>;
  const inHandler = (stamps: PaymentStamps) => stamps.handler !== undefined && stamps.preSerialization === undefined;
  const add = (stamps: PaymentStamps, field: string, ms: number) => { stamps[field] = Number(stamps[field] ?? 0) + ms; };
  const connect = pgModule.Pool.prototype.connect;
  pgModule.Pool.prototype.connect = function (this: unknown, ...args: unknown[]) {
    const stamps = current.getStore();
    if (!stamps || !inHandler(stamps)) return connect.apply(this, args);
    const calledAt = now();
    stamps.connectCalled ??= calledAt;
    const connected = () => add(stamps, 'poolWait', now() - calledAt);
    if (typeof args[0] === 'function') {
      const callback = args[0] as (...results: unknown[]) => void;
      return connect.call(this, (...results: unknown[]) => { connected(); callback(...results); });
    }
    const result = connect.apply(this, args) as Promise<unknown>;
    void result.then(connected, () => {});
    return result;
  };
  // Every statement the server sends, by its prepared name (the event batches' khata_notify beside
  // the payments' khata_pay): how many, and how long they held a connection.
  const statements: Record<string, [count: number, ms: number]> = {};
  const countStatement = (name: string, sentAt: number) => {
    const entry = (statements[name] ??= [0, 0]);
    entry[0] += 1;
    entry[1] += now() - sentAt;
  };
  const query = pgModule.Client.prototype.query;
  pgModule.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const name = (args[0] as { name?: string } | undefined)?.name ?? 'unnamed';
    const startedAt = now();
    const counted = query.apply(this, args);
    if (counted instanceof Promise) void counted.then(() => countStatement(name, startedAt), () => {});
    return counted;
  };
  const timedQuery = pgModule.Client.prototype.query;
  pgModule.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const stamps = current.getStore();
    if (!stamps || stamps.preSerialization !== undefined) return timedQuery.apply(this, args);
    const sentAt = now();
    const handling = inHandler(stamps);
    if (handling) stamps.querySent ??= sentAt;
    add(stamps, handling ? 'queries' : 'earlyQueries', 1);
    const answered = () => {
      const answeredAt = now();
      add(stamps, handling ? 'db' : 'earlyDb', answeredAt - sentAt);
      if (handling) stamps.queryAnswered = answeredAt;
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (...results: unknown[]) => void;
      return timedQuery.apply(this, [...args.slice(0, -1), (...results: unknown[]) => { answered(); callback(...results); }]);
    }
    const result = timedQuery.apply(this, args);
    if (result instanceof Promise) void result.then(answered, () => {});
    return result;
  };
  process.on('exit', () => {
    done.push({ key: '', loopDelayP99: loop.percentile(99) / 1e6, loopDelayMax: loop.max / 1e6, stalls: JSON.stringify(stalls), schedule: JSON.stringify(schedule), collections: JSON.stringify(collections), statements: JSON.stringify(statements) });
    write(process.env.LATENCY_PROBE_OUT!, done.map((stamps) => JSON.stringify(stamps)).join('\n'));
  });
}

/** The segments of a payment's latency, in order: each is the time from one stamp to the next. */
const segments: [name: string, from: string, to: string][] = [
  ['generator: scheduled → sent (its own lag)', 'scheduledAt', 'sentAt'],
  ['loopback, wait for the server event loop, header parse', 'sentAt', 'parsed'],
  ['Fastify routing, request object', 'parsed', 'onRequest'],
  ['onRequest hooks (security headers…)', 'onRequest', 'onRequestEnd'],
  ['body read + JSON parse', 'onRequestEnd', 'preValidation'],
  ['preValidation hooks (session recall, rate limit)', 'preValidation', 'preValidationEnd'],
  ['schema validation (zod)', 'preValidationEnd', 'preHandler'],
  ['preHandler hooks (access)', 'preHandler', 'handler'],
  ['handler before the database (PIN HMAC, hashes)', 'handler', 'connectCalled'],
  ['pool wait', 'connectCalled', 'querySent'],
  ['database round trip (khata_pay)', 'querySent', 'queryAnswered'],
  ['handler after the database (receipt, event publish)', 'queryAnswered', 'preSerialization'],
  ['reply: serialise', 'preSerialization', 'onSend'],
  ['onSend hooks (headers)', 'onSend', 'onSendEnd'],
  ['write + response finished', 'onSendEnd', 'finished'],
  ['back to the generator (loopback, its event loop)', 'finished', 'endAt'],
];

async function whereTheTimeGoes(rate: number) {
  const probeFile = '/tmp/khata-latency-probe.mjs';
  const out = '/tmp/khata-latency-probe.jsonl';
  // tsx (esbuild keepNames) may wrap functions in __name(); the file gets a stand-in.
  writeFileSync(probeFile, `const __name = (f) => f;\n(${probe.toString()})();\n`);
  rmSync(out, { force: true });
  const nodeArgs = process.env.BENCH_NODE_ARGS;
  process.env.BENCH_NODE_ARGS = `${nodeArgs ?? ''} --import=${probeFile}`;
  const server = await startServer({ ...serverEnv, LATENCY_PROBE_OUT: out });
  process.env.BENCH_NODE_ARGS = nodeArgs ?? '';
  await rememberSessions(server.url);
  // As long a warm-up as the shipped server's first round had (3 s + 10 s).
  await runWrk(server.url, '/tmp/khata-bench-latency.lua', 64, 13);
  const run = await openLoop(server.url, rate, seconds);
  await server.stop();
  for (const connection of idle.splice(0)) connection.close();
  const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Stamps & { key: string });
  const loop = lines.find((line) => line.key === '')!;
  const stamped = new Map(lines.filter((line) => line.key !== '').map((line) => [line.key, line]));
  const joined = run.payments.filter((p) => stamped.has(p.key)).map((p) => ({ ...stamped.get(p.key)!, ...p }) as Stamps & Sent);
  const total = (p: Stamps) => p.endAt! - p.scheduledAt!;
  joined.sort((a, b) => total(a) - total(b));
  const tail = joined.slice(Math.floor(joined.length * 0.99));
  const mean = (rows: Stamps[], from: string, to: string) => {
    const values = rows.filter((r) => r[from] !== undefined && r[to] !== undefined).map((r) => r[to]! - r[from]!);
    return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
  };
  console.log(`--- where the time goes: one probed run at ${rate}/s, ${joined.length} of ${run.payments.length} payments stamped ---`);
  console.log(`open loop p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms (probe on); mean ms per segment, all payments | slowest 1 % (${tail.length}):`);
  for (const [name, from, to] of segments) {
    console.log(`  ${name.padEnd(52)} ${mean(joined, from, to).toFixed(2).padStart(7)} | ${mean(tail, from, to).toFixed(2).padStart(7)}`);
  }
  console.log(`  ${'total (scheduled → answered)'.padEnd(52)} ${mean(joined, 'scheduledAt', 'endAt').toFixed(2).padStart(7)} | ${mean(tail, 'scheduledAt', 'endAt').toFixed(2).padStart(7)}`);
  const withDb = joined.filter((r) => r.db !== undefined);
  const early = joined.filter((r) => r.earlyQueries !== undefined);
  console.log(`  statements per payment in the handler ${(withDb.reduce((s, r) => s + r.queries!, 0) / Math.max(1, withDb.length)).toFixed(2)}; `
    + `pool wait p99 ${latencies(joined.map((r) => r.poolWait ?? 0)).p99Ms.toFixed(2)} ms; handler's database time p99 ${latencies(withDb.map((r) => r.db!)).p99Ms.toFixed(2)} ms`);
  // A payment with no idle connection opens one (connect, then the server's accept) before it is sent.
  console.log(`  payments that opened a new connection: ${joined.filter((p) => p.newConnection).length}, `
    + `in the slowest 1 %: ${tail.filter((p) => p.newConnection).length}`);
  console.log(`  payments whose session was looked up before the handler (not yet remembered): ${early.length}, in the slowest 1 %: `
    + `${tail.filter((r) => r.earlyQueries !== undefined).length}; their lookup took ${early.length ? (early.reduce((s, r) => s + r.earlyDb!, 0) / early.length).toFixed(2) : '-'} ms on average`);
  console.log(`  event-loop delay p99: server ${loop.loopDelayP99!.toFixed(1)} ms (max ${loop.loopDelayMax!.toFixed(1)}), generator ${run.generatorLoopDelayP99Ms.toFixed(1)} ms`);
  // Which of the slowest payments lived through a standstill of the server's event loop, or a GC pause.
  const from = Math.min(...joined.map((p) => p.scheduledAt!));
  const to = Math.max(...joined.map((p) => p.endAt!));
  const during = <Pause extends [start: number, ...rest: number[]]>(pauses: Pause[]) => pauses.filter(([start]) => start >= from && start <= to);
  const stalls = during(JSON.parse(String(loop.stalls)) as [number, number, number, number, number][]);
  const collections = during(JSON.parse(String(loop.collections)) as [number, number][]);
  const overlap = (p: Stamps, pauses: [number, number, ...number[]][]) => pauses
    .reduce((sum, [start, ms]) => sum + Math.max(0, Math.min(p.endAt!, start + ms) - Math.max(p.scheduledAt!, start)), 0);
  const hit = (pauses: [number, number, ...number[]][]) => tail.filter((p) => overlap(p, pauses) > 0).length;
  const meanOverlap = (pauses: [number, number, ...number[]][]) => tail.reduce((sum, p) => sum + overlap(p, pauses), 0) / Math.max(1, tail.length);
  const gcMs = collections.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`  during the run, the server's event loop stood still > 10 ms ${stalls.length} times (longest ${Math.max(0, ...stalls.map(([, ms]) => ms)).toFixed(0)} ms); `
    + `GC: ${collections.length} pauses, ${gcMs.toFixed(0)} ms in all, longest ${Math.max(0, ...collections.map(([, ms]) => ms)).toFixed(1)} ms`);
  standstillsOnCpu(stalls, collections, JSON.parse(String(loop.schedule)) as [number, number, number][], from, to);
  const statements = JSON.parse(String(loop.statements)) as Record<string, [number, number]>;
  console.log(`  statements over the server's life (warm-up included): ${Object.entries(statements)
    .map(([name, [count, ms]]) => `${name} ${count} × ${(ms / count).toFixed(2)} ms`).join(', ')}`);
  console.log(`  of the slowest 1 %: ${hit(stalls)} lived through a standstill (${meanOverlap(stalls).toFixed(1)} ms of it on average), `
    + `${hit(collections)} through a GC pause (${meanOverlap(collections).toFixed(1)} ms on average)`);
}

/**
 * What the server's main thread did during its standstills, by the kernel's account: ran (our
 * code, the libraries', V8's collector) or waited in the run queue for a core, the rest asleep or
 * blocked in a system call; and the same split over the whole run. Each standstill is counted
 * from the tick before it (5 ms of which the loop expected to sleep).
 */
function standstillsOnCpu(
  stalls: [start: number, ms: number, onCpuMs: number, runQueueMs: number, slices: number][], collections: [number, number][],
  schedule: [at: number, onCpuNs: number, runQueueNs: number][], from: number, to: number,
) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const wallMs = sum(stalls.map(([, ms]) => ms + 5));
  const onCpuMs = sum(stalls.map(([, , onCpu]) => onCpu));
  const runQueueMs = sum(stalls.map(([, , , runQueue]) => runQueue));
  const gcMs = sum(stalls.map(([start, ms]) => sum(collections
    .map(([gcStart, gcMs]) => Math.max(0, Math.min(start + ms, gcStart + gcMs) - Math.max(start - 5, gcStart))))));
  const share = (ms: number) => `${ms.toFixed(0)} ms (${((100 * ms) / Math.max(1, wallMs)).toFixed(0)} %)`;
  // A GC pause is timed on the wall clock: descheduled in the middle, it lasts longer than its work.
  console.log(`  the standstills' ${wallMs.toFixed(0)} ms, by the kernel: on a core ${share(onCpuMs)}, `
    + `waiting for a core ${share(runQueueMs)}, asleep or blocked ${share(Math.max(0, wallMs - onCpuMs - runQueueMs))}; `
    + `GC pauses covered ${gcMs.toFixed(0)} ms of them; `
    + `${(sum(stalls.map(([, , , , slices]) => slices)) / Math.max(1, stalls.length)).toFixed(1)} slices on a core per standstill`);
  const inRun = schedule.filter(([at]) => at >= from && at <= to);
  if (inRun.length < 2) return;
  const [firstAt, firstCpu, firstWait] = inRun[0]!;
  const [lastAt, lastCpu, lastWait] = inRun.at(-1)!;
  console.log(`  the server's main thread over ${((lastAt - firstAt) / 1000).toFixed(0)} s of the run: on a core ${((lastCpu - firstCpu) / 1e6).toFixed(0)} ms, `
    + `waiting for one ${((lastWait - firstWait) / 1e6).toFixed(0)} ms`);
}

/**
 * One call per session before measuring, as the app makes on opening (GET /api/auth/me): a
 * payment then finds its session remembered, as a customer's does, instead of looking it up.
 */
async function rememberSessions(url: string) {
  const { port } = new URL(url);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const { token } = accounts[next++]!;
      await new Promise<void>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/api/auth/me', agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`GET /api/auth/me: ${response.statusCode}`))));
        }).on('error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

// ---- the rounds ----

const shipped: RunningServer = await startServer(serverEnv);
await rememberSessions(shipped.url);
await runWrk(shipped.url, '/tmp/khata-bench-latency.lua', 64, 3);
await openLoop(shipped.url, 100, 2);
await pgbenchAtRate(100, 2);
interface Round {
  capacity: number; rate: number; failures: number; http: Latencies; pgbench: Awaited<ReturnType<typeof pgbenchAtRate>>;
  generatorLoopDelayP99Ms: number; ratio: number; cpu: CpuShare;
}
const results: Round[] = [];
await alternate(rounds, {
  round: async () => {
    const capacity = (await runWrk(shipped.url, '/tmp/khata-bench-latency.lua', 64, 10)).perSecond;
    const rate = Math.round(capacity * share);
    const { payments: _, failures, generatorLoopDelayP99Ms, cpu, ...httpLatencies } = await openLoop(shipped.url, rate, seconds, shipped.child.pid);
    const pgbench = await pgbenchAtRate(rate, seconds);
    const round = {
      capacity: Math.round(capacity), rate, failures, http: httpLatencies, pgbench, generatorLoopDelayP99Ms, cpu,
      ratio: httpLatencies.p99Ms / pgbench.p99Ms,
    };
    results.push(round);
    return round;
  },
});
await shipped.stop();
for (const connection of idle.splice(0)) connection.close();
const medianRate = median(results.map((r) => r.rate));
if (breakdown) await whereTheTimeGoes(medianRate);
agent.destroy();
console.log(reconcileOrFail(dataset.url));

const of = (pick: (r: Round) => number) => median(results.map(pick));
console.log(`--- medians of ${rounds} rounds of ${seconds} s (${arrivals} arrivals; pgbench: Poisson, ${poolSize} connections = the server's pool) ---`);
console.log(`capacity ${of((r) => r.capacity).toFixed(0)} payments/s (runs ${results.map((r) => r.capacity).join(', ')}); `
  + `open loop at ${share * 100} % of it: ${medianRate}/s`);
console.log(`HTTP payments: p50 ${of((r) => r.http.p50Ms).toFixed(1)} ms, p99 ${of((r) => r.http.p99Ms).toFixed(1)} ms, `
  + `max ${of((r) => r.http.maxMs).toFixed(1)} ms, non-201 ${results.reduce((sum, r) => sum + r.failures, 0)}; `
  + `generator event-loop delay p99 ${of((r) => r.generatorLoopDelayP99Ms).toFixed(1)} ms; server RSS max ${(Math.max(...shipped.rssKb) / 1024).toFixed(0)} MB`);
console.log(`pgbench same statement: p50 ${of((r) => r.pgbench.p50Ms).toFixed(1)} ms, p99 ${of((r) => r.pgbench.p99Ms).toFixed(1)} ms, `
  + `max ${of((r) => r.pgbench.maxMs).toFixed(1)} ms, schedule lag p99 ${of((r) => r.pgbench.lateMs).toFixed(1)} ms`);
// The busy share of the machine's cores at that rate: the HTTP path adds its own CPU on the same cores.
const busy = (cpu: CpuShare, rate: number) => `${((100 * (cpu.generator + cpu.node + cpu.postgres) * rate) / 1000 / cpus().length).toFixed(0)} %`;
const httpCpu = medianCpu(results.map((r) => r.cpu));
const pgbenchCpu = medianCpu(results.map((r) => r.pgbench.cpu));
console.log(`CPU per payment, HTTP: ${formatCpu(httpCpu)} (cores ${busy(httpCpu, medianRate)} busy); `
  + `pgbench: ${formatCpu(pgbenchCpu)} (cores ${busy(pgbenchCpu, medianRate)} busy)`);
console.log(`RESULT payment p99 at ${share * 100} % of capacity, open loop: ${of((r) => r.http.p99Ms).toFixed(1)} ms `
  + `(runs ${results.map((r) => r.http.p99Ms.toFixed(1)).join(', ')})`);
console.log(`RESULT p99 HTTP ÷ pgbench same statement, same rate: ${of((r) => r.ratio).toFixed(2)} `
  + `(target ≤ ${p99RatioMax}; per round ${results.map((r) => r.ratio.toFixed(2)).join(', ')})`);
