/**
 * Database restart under load (docs/operations.md): PostgreSQL is restarted under the running server,
 * once with `pg_ctl restart -m fast` and once with `-m immediate` (crash recovery) per
 * round, while clients pay with Idempotency-Keys as in crash.test.ts and a merchant's
 * live-update stream is open. While the database is down every answer is a prompt 503 with
 * Retry-After and a code, never a 500 or a hang; within seconds of PostgreSQL accepting
 * connections again the server is ready, takes payments and streams their events; and
 * afterwards no acknowledged payment is lost or charged twice.
 *
 * PostgreSQL only, on a throwaway cluster of its own (cluster.ts), in the PostgreSQL pass
 * of CI. The PGlite equivalent is crash.test.ts: there the database lives in the server's
 * process, so a killed process with its data directory intact is the database restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthReady, healthUnavailable } from '@common/schemas/responses';
import { openPostgres } from '../server/db/client';
import { migratePostgres } from '../server/db/migrate';
import { testServerUrl } from '../server/test/database-url';
import { postgresBinDir, startCluster, type Cluster, type RestartTimes, type ShutdownMode } from './cluster';
import {
  freePort, merchantToken, randomBetween, runReconcile, seconds, seedPayments, sleep, startKhata,
  type KhataProcess, type Payer,
} from './lib';
import {
  compareLedger, expectLedgerMatches, payUntilAnswered, readLedger, PaymentLoad, sha256, type Acknowledged, type Refused,
} from './payments';

// 3 rounds in `npm run test:adversarial`; 1 in every `npm test`, to keep CI short.
const rounds = Number(process.env.KHATA_DB_RESTARTS ?? 1);
const modes: ShutdownMode[] = ['fast', 'immediate'];
const clients = 8;
const dataset = { customers: 100, merchants: 10, accountsPerCustomer: 3, limitPaise: 50_000_000 };
/** Longest wait for any answer while the database is down. */
const answerSecondsMax = 10;
/** Longest time, after PostgreSQL accepts connections, until the server is ready and takes a payment. */
const recoverySecondsMax = 10;
/** Longest time, after PostgreSQL accepts connections, until a new payment's event arrives on the stream. */
const streamRecoverySecondsMax = 10;
/** How often the outage is probed (health, liveness, a payment). */
const probeIntervalMs = 200;
/** Per-request timeout of every client: longer than answerSecondsMax, so a hang is measured, not cut short. */
const requestTimeoutMs = 20_000;
const outageCodes = ['database_unavailable', 'payment_outcome_unknown'];

const enabled = Boolean(postgresBinDir() && testServerUrl());
if (!enabled) {
  console.log('SKIPPED database restart: it needs PostgreSQL binaries and TEST_DATABASE_URL (the PostgreSQL pass of CI)');
}

type Path = 'payment' | 'health' | 'live';
/** One HTTP answer as a client saw it; status 0 is a connection error or a timeout. */
interface Answer { path: Path; sentAt: number; answeredAt: number; status: number; retryAfter: string | null; body: string }

const parse = (text: string): unknown => {
  try { return JSON.parse(text); } catch { return undefined; }
};
/** Stack-trace text that must never reach a client. */
const leaksInternals = (body: string) => /at .*\.ts:/.test(body) || body.includes('Error:');

/** A sleep that ends early when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

interface LedgerStream {
  /** Transaction id → when its `ledger` event arrived. */
  seen: Map<string, number>;
  /** Streams opened (200), refused (not 200) and ended or cut. */
  counts: { opened: number; refused: number; ended: number };
  close(): void;
}

/**
 * GET /api/events followed as the browser's EventSource does: the `id:` of each event
 * becomes Last-Event-ID, a dropped stream is reopened after the server's `retry:` with that
 * header, and a refused one (not 200) after 5 s doubling up to 30 s as use-ledger-events.ts
 * does (EventSource itself gives up on those).
 */
function followLedger(baseUrl: string, token: string): LedgerStream {
  const controller = new AbortController();
  const { signal } = controller;
  const seen = new Map<string, number>();
  const counts = { opened: 0, refused: 0, ended: 0 };
  let lastEventId = '';
  let retryMs = 3_000;
  let refusals = 0;

  async function read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    let idBuffer = lastEventId;
    let type = '';
    let data: string[] = [];
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const raw of lines) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line === '') {
          // Dispatch: the id is kept even for an event without data (the server's first `id:`).
          lastEventId = idBuffer;
          if (data.length > 0 && type === 'ledger') {
            const { transactionId } = JSON.parse(data.join('\n')) as { transactionId: string };
            if (!seen.has(transactionId)) seen.set(transactionId, Date.now());
          }
          type = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') idBuffer = value;
        else if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
      }
    }
  }

  void (async () => {
    while (!signal.aborted) {
      let waitMs = retryMs;
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const response = await fetch(`${baseUrl}/api/events`, { headers, signal });
        if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
          counts.refused += 1;
          await response.body?.cancel();
          waitMs = Math.min(30, 5 * 2 ** refusals++) * 1000;
        } else {
          counts.opened += 1;
          refusals = 0;
          await read(response.body!);
          counts.ended += 1;
        }
      } catch {
        if (!signal.aborted) counts.ended += 1;
      }
      await pause(waitMs, signal);
    }
  })();
  return { seen, counts, close: () => controller.abort() };
}

let cluster: Cluster | undefined;
let server: KhataProcess | undefined;
let payers: Payer[];
/** The payer and QR code of merchant session 0, whose live-update stream the test follows. */
let streamPayer: { payer: Payer; qrToken: string };

// PostgreSQL only: on PGlite the database restarts with the process, which crash.test.ts
// covers (a killed process, its data directory intact).
describe.skipIf(!enabled)('database restart on PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster({ name: 'restart' });
    await cluster.query('create database khata');
    const database = openPostgres({ connectionString: cluster.url('khata'), poolSize: 2 });
    try {
      await migratePostgres(database.pool);
      payers = await seedPayments(database.pool, dataset);
      // Merchant sessions are numbered by phone, QR codes by business id: ask which is whose.
      const { rows } = await database.pool.query<{ token: string }>(`
        select q.token from qr_codes q join businesses b on b.id = q.business_id join sessions s on s.user_id = b.user_id
        where s.token_hash = $1`, [sha256(merchantToken(0))]);
      const qrToken = rows[0]!.token;
      streamPayer = { payer: payers.find((p) => p.qrTokens.includes(qrToken))!, qrToken };
      expect(streamPayer.payer).toBeTruthy();
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.kill9();
    await cluster?.destroy();
  });

  it(`answers 503 while PostgreSQL restarts, recovers within seconds and loses no payment (${rounds} × fast + immediate)`, async () => {
    const databaseUrl = cluster!.url('khata');
    const port = await freePort();
    server = startKhata({ DATABASE_URL: databaseUrl }, port);
    await server.ready;
    const url = server.url;

    const answers: Answer[] = [];
    const acknowledged: Acknowledged[] = [];
    const refused: Refused[] = [];
    const load = new PaymentLoad();

    async function send(path: Path, init: RequestInit = {}): Promise<Answer> {
      const target = { payment: '/api/payments/process', health: '/api/health', live: '/api/health/live' }[path];
      const sentAt = Date.now();
      try {
        const response = await fetch(`${url}${target}`, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
        const body = await response.text();
        const answer = { path, sentAt, answeredAt: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after'), body };
        answers.push(answer);
        return answer;
      } catch (error) {
        const answer = { path, sentAt, answeredAt: Date.now(), status: 0, retryAfter: null, body: String(error) };
        answers.push(answer);
        return answer;
      }
    }

    /**
     * Pays once, retrying the same key and body on a connection error or any 5xx until a
     * definitive answer (or `giveUpAt`, when given: then it throws).
     */
    async function payOnce(payer: Payer, qrToken?: string, giveUpAt?: number): Promise<Acknowledged | undefined> {
      const result = await payUntilAnswered({
        url, payer, qrToken, giveUpAt, requestTimeoutMs, keyPrefix: 'restart', abandoned: () => load.abandoned,
        // Every attempt joins the answers, so the outage checks below see each payment 503.
        onAnswer: ({ sentAt, answeredAt, status, retryAfter, body }) => {
          answers.push({ path: 'payment', sentAt, answeredAt, status, retryAfter, body });
        },
      });
      if (result.outcome === 'acknowledged') acknowledged.push(result.payment);
      else if (result.outcome === 'refused') refused.push(result.refusal);
      return result.outcome === 'acknowledged' ? result.payment : undefined;
    }

    /** Probes health, liveness and a payment every probeIntervalMs until stopped. */
    function probeOutage() {
      const probes: Promise<unknown>[] = [];
      const tick = () => {
        probes.push(send('health'), send('live'), payOnce(payers[randomBetween(0, payers.length - 1)]!));
      };
      tick();
      const timer = setInterval(tick, probeIntervalMs);
      return { stop: () => clearInterval(timer), settled: () => Promise.allSettled(probes) };
    }

    const stream = followLedger(url, merchantToken(0));
    load.start(clients, payers, payOnce);
    const probeSets: ReturnType<typeof probeOutage>[] = [];

    interface Round {
      mode: ShutdownMode; times: RestartTimes; recoverySeconds: number; streamRecoverySeconds: number;
      healthDown: number; healthInOutage: number;
    }
    const restarts: Round[] = [];
    try {
      // The stream works before anything happens to the database.
      await expect.poll(() => stream.counts.opened, { timeout: 10_000 }).toBe(1);
      const first = await payOnce(streamPayer.payer, streamPayer.qrToken, Date.now() + 20_000);
      await expect.poll(() => stream.seen.has(first!.transactionId), { timeout: 10_000 }).toBe(true);

      for (let round = 1; round <= rounds; round++) {
        for (const mode of modes) {
          // Load flowing: some payments acknowledged since the last restart.
          const ackedBefore = acknowledged.length;
          await sleep(1_000);
          await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThan(ackedBefore + clients);

          const probes = probeOutage();
          probeSets.push(probes);
          const times = await cluster!.restart(mode);
          probes.stop();

          // Ready again: health 200, then a fresh payment (to the followed merchant) answered 201.
          const giveUpAt = times.acceptingAt + 30_000;
          for (;;) {
            const health = await send('health');
            if (health.status === 200) break;
            if (Date.now() > giveUpAt) throw new Error(`GET /api/health not 200 30 s after the ${mode} restart: ${health.status} ${health.body}`);
            await sleep(50);
          }
          const fresh = await payOnce(streamPayer.payer, streamPayer.qrToken, giveUpAt);
          const recoverySeconds = (Date.now() - times.acceptingAt) / 1000;
          // Its event on the live-update stream, over the same stream or a reopened one.
          await expect.poll(() => stream.seen.has(fresh!.transactionId), { timeout: 30_000, interval: 20 }).toBe(true);
          const streamRecoverySeconds = (stream.seen.get(fresh!.transactionId)! - times.acceptingAt) / 1000;

          // Health while the database was down: sent after the postmaster was gone and
          // before the new one accepted, the probe must have found it unready.
          const outage = answers.filter((a) => a.path === 'health' && a.answeredAt >= times.stoppingAt && a.sentAt <= times.acceptingAt);
          restarts.push({
            mode, times, recoverySeconds, streamRecoverySeconds,
            healthDown: outage.filter((a) => a.status === 503).length,
            healthInOutage: answers.filter((a) => a.path === 'health' && a.sentAt >= times.downAt && a.sentAt < times.acceptingAt).length,
          });
        }
      }

      // Clients finish their open payments against the recovered database.
      await sleep(500);
      await load.finish(60_000, 'clients got no definitive answer within 60 s of the last restart', probeSets.map((p) => p.settled()));
    } catch (error) {
      load.abandon();
      for (const probes of probeSets) probes.stop();
      stream.close();
      await server.kill9();
      await load.settled();
      throw error;
    }
    stream.close();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);

    const reconcileResult = runReconcile({ DATABASE_URL: databaseUrl });
    const ledger = await readLedger(async () => openPostgres({ connectionString: databaseUrl, poolSize: 2 }));

    // Answers given while the database was down: sent, or answered, between the shutdown
    // request and the new postmaster's first accepted connection.
    const whileDown = answers.filter((a) => restarts.some(({ times }) => a.answeredAt >= times.stoppingAt && a.sentAt <= times.acceptingAt));
    const maxDownMs = Math.max(0, ...whileDown.map((a) => a.answeredAt - a.sentAt));
    const { missing, unacknowledged, duplicateAcknowledgements, duplicatePayments } = compareLedger(acknowledged, ledger);
    const byCode = new Map<string, number>();
    for (const a of answers.filter((a) => a.status === 503 && a.path === 'payment')) {
      const code = (parse(a.body) as { code?: string } | undefined)?.code ?? '?';
      byCode.set(code, (byCode.get(code) ?? 0) + 1);
    }
    const healthRetryAfter = answers.filter((a) => a.path === 'health' && a.status === 503);
    const perMode = (mode: ShutdownMode, pick: (r: Round) => number) =>
      restarts.filter((r) => r.mode === mode).map((r) => pick(r).toFixed(1)).join('/');
    console.log(`RESULT database restart on PostgreSQL: ${restarts.length} restarts (${rounds} × fast + immediate), `
      + `${acknowledged.length} payments acknowledged, ${acknowledged.length - missing.length} found in the ledger, `
      + `${duplicateAcknowledgements + duplicatePayments} duplicates, `
      + `${unacknowledged.length} unacknowledged in the ledger; ${whileDown.length} answers while down `
      + `(payment 503s: ${[...byCode].map(([c, n]) => `${n} ${c}`).join(', ') || 'none'}; health 503s: `
      + `${restarts.map((r) => `${r.healthDown}${r.healthInOutage === 0 ? ' (none sent between the old postmaster\'s exit and accepting)' : ''}`).join('/')}, `
      + `${healthRetryAfter.filter((a) => a.retryAfter).length} of ${healthRetryAfter.length} with Retry-After), `
      + `max answer ${seconds(maxDownMs)} s while down; outage (shutdown asked → accepting) `
      + `fast ${restarts.filter((r) => r.mode === 'fast').map((r) => seconds(r.times.acceptingAt - r.times.stoppingAt)).join('/')} s, `
      + `immediate ${restarts.filter((r) => r.mode === 'immediate').map((r) => seconds(r.times.acceptingAt - r.times.stoppingAt)).join('/')} s; `
      + `recovery after accepting (health 200 + payment 201) fast ${perMode('fast', (r) => r.recoverySeconds)} s, `
      + `immediate ${perMode('immediate', (r) => r.recoverySeconds)} s; stream recovery fast ${perMode('fast', (r) => r.streamRecoverySeconds)} s, `
      + `immediate ${perMode('immediate', (r) => r.streamRecoverySeconds)} s (stream opened ${stream.counts.opened}×, `
      + `refused ${stream.counts.refused}×); reconcile: ${reconcileResult.output.split('\n').at(-1)}`);

    // While down: prompt, 503 with Retry-After and a code, never a 500 or a stack trace.
    // Answers around the edges of an outage may still be successes.
    for (const a of whileDown) {
      const where = `${a.path} sent ${a.sentAt - restarts[0]!.times.stoppingAt} ms after the first shutdown: ${a.status} ${a.body}`;
      expect(a.answeredAt - a.sentAt, where).toBeLessThanOrEqual(answerSecondsMax * 1000);
      expect(a.path === 'payment' ? [201, 503] : a.path === 'health' ? [200, 503] : [200], where).toContain(a.status);
    }
    // Everywhere, not only while down: a 503 is well formed and nothing else is a 5xx.
    for (const a of answers) {
      const where = `${a.path}: ${a.status} ${a.body}`;
      expect(a.status === 0 || (a.status >= 500 && a.status !== 503), where).toBe(false);
      if (a.status === 200 && a.path === 'health') expect(healthReady.safeParse(parse(a.body)).success, where).toBe(true);
      if (a.status !== 503) continue;
      expect(leaksInternals(a.body), where).toBe(false);
      expect(a.retryAfter, where).toMatch(/^\d+$/);
      if (a.path === 'health') {
        expect(healthUnavailable.safeParse(parse(a.body)).success, where).toBe(true);
      } else {
        const body = parse(a.body) as { error?: unknown; code?: unknown } | undefined;
        expect(typeof body?.error, where).toBe('string');
        expect(outageCodes, where).toContain(body?.code);
      }
    }
    for (const r of restarts) {
      const label = `${r.mode} restart`;
      if (r.healthInOutage > 0) expect(r.healthDown, `${label}: GET /api/health reported ready while the database was down`).toBeGreaterThan(0);
      expect(r.recoverySeconds, `${label}: seconds until ready and paying`).toBeLessThanOrEqual(recoverySecondsMax);
      expect(r.streamRecoverySeconds, `${label}: seconds until the stream delivered a new payment`).toBeLessThanOrEqual(streamRecoverySecondsMax);
    }

    // With limits far above the amounts every payment is a 201.
    expect(refused).toEqual([]);
    expect(reconcileResult.ok, reconcileResult.output).toBe(true);

    // Each acknowledged payment is in the ledger exactly once (none lost by the restarts, none
    // charged twice), its key's stored answer names it, and each account owes its sum.
    expectLedgerMatches(acknowledged, ledger);
  }, 240_000);
});
