/**
 * A deploy's stop (docs/operations.md): the real server gets SIGTERM while clients pay over
 * kept-alive connections and event streams are open. Each stream is told to reconnect (with
 * a spread-out retry) before it ends, every request in flight gets its answer, none is answered
 * 5xx, and the ledger holds exactly the acknowledged payments: a payment whose connection was
 * refused or closed unanswered after the stop began was not made, and its client retries it
 * elsewhere under the same Idempotency-Key.
 *
 * Runs on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, on PGlite otherwise.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from '../server/test/database-url';
import { benchPin, freePort, seededDatabase, sleep, startKhata, type Payer, type SeededDatabase } from './lib';
import { expectLedgerMatches, payUntilAnswered, readLedger, PaymentLoad, type Acknowledged, type PaymentAttempt } from './payments';

const clients = 8;
const streamsOpen = 3;
// As few as the test needs: the paying clients' payers plus the streams' (seeding is most of the file's time).
const dataset = { customers: clients + streamsOpen, merchants: 2, accountsPerCustomer: 1, limitPaise: 5_000_000 };
/** How long the held payment's body waits after the signal: the stop must wait for it. */
const heldBodyMs = 300;

const serverUrl = testServerUrl();
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';

let seeded: SeededDatabase | undefined;

beforeAll(async () => { seeded = await seededDatabase('sigterm', serverUrl, dataset); }, 120_000);

afterAll(async () => { await seeded?.remove(); });

/** A raw event stream: everything it said, and how it ended ('end' is a clean close by the server). */
function openStream(url: string, token: string) {
  let text = '';
  let resolveEnded: (how: string) => void;
  const ended = new Promise<string>((resolve) => { resolveEnded = resolve; });
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': connected')) resolve();
      });
      response.on('end', () => resolveEnded('end'));
      response.on('error', (error) => resolveEnded(`error: ${error.message}`));
    });
    request.on('error', (error) => { reject(error); resolveEnded(`error: ${error.message}`); });
  });
  return { opened, ended, text: () => text };
}

/**
 * A payment that is in flight at the signal, whatever the load's timing: its headers are sent
 * with `Expect: 100-continue`, so the server's "100 Continue" says it holds the request, and
 * its body follows only once the signal was sent.
 */
function heldPayment(url: string, payer: Payer) {
  const key = `sigterm-held-${randomUUID()}`;
  const qrToken = payer.qrTokens[0]!;
  const body = JSON.stringify({ qrData: qrToken, pin: benchPin, amount: '12.34' });
  const target = new URL(`${url}/api/payments/process`);
  const request = http.request({
    host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent: false,
    headers: {
      'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${payer.token}`,
      'idempotency-key': key, expect: '100-continue',
    },
  });
  const sentAt = Date.now();
  const inServer = new Promise<void>((resolve, reject) => {
    request.on('continue', resolve);
    request.on('error', reject);
  });
  const answered = new Promise<PaymentAttempt>((resolve) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({
        key, attempt: 1, sentAt, answeredAt: Date.now(), status: response.statusCode!, retryAfter: null, body: text,
      }));
    });
    request.on('error', (error) => resolve({
      key, attempt: 1, sentAt, answeredAt: Date.now(), status: 0, retryAfter: null, body: String(error),
    }));
  });
  request.flushHeaders();
  return {
    inServer, answered,
    finish() { request.end(body); },
    acknowledged(answer: PaymentAttempt): Acknowledged {
      const { transaction } = JSON.parse(answer.body) as { transaction: { id: string; totalAmount: string; createdAt: string } };
      const [whole, fraction = ''] = transaction.totalAmount.split('.');
      return {
        key, token: payer.token, qrToken, transactionId: transaction.id, amountPaise: 1234,
        totalPaise: Number(whole) * 100 + Number(fraction.padEnd(2, '0')), createdAt: transaction.createdAt,
        sentAt, answeredAt: answer.answeredAt,
      };
    },
  };
}

describe(`stopping on SIGTERM under payment load on ${engine}`, () => {
  it('tells every stream to reconnect, answers every payment in flight, none 5xx, and loses none', async () => {
    const { serverEnv, payers, open: openForChecks } = seeded!;
    const startedAt = Date.now();
    const port = await freePort();
    const server = startKhata(serverEnv, port);
    await server.ready;
    const readyMs = Date.now() - startedAt;

    const streams = payers.slice(0, streamsOpen).map((payer) => openStream(server.url, payer.token));
    await Promise.all(streams.map((stream) => stream.opened));

    const acknowledged: Acknowledged[] = [];
    const answers: PaymentAttempt[] = [];
    let stopSentAt = Infinity;
    let exited = false;
    let held: ReturnType<typeof heldPayment> | undefined;
    const load = new PaymentLoad();
    load.start(clients, payers, async (payer) => {
      const result = await payUntilAnswered({
        url: server.url, payer, keyPrefix: 'sigterm',
        // Once the process is gone nothing answers here: the client would retry elsewhere.
        abandoned: () => load.abandoned || exited,
        onAnswer: (answer) => { answers.push(answer); },
        requestTimeoutMs: 15_000,
      });
      if (result.outcome === 'acknowledged') acknowledged.push(result.payment);
    });

    try {
      // Payments are flowing before the stop.
      for (const deadline = Date.now() + 15_000; acknowledged.length < 20 && Date.now() < deadline;) await sleep(20);
      expect(acknowledged.length, 'payments before the stop').toBeGreaterThanOrEqual(20);
      held = heldPayment(server.url, payers[streamsOpen]!);
      await held.inServer;
      stopSentAt = Date.now();
      server.child.kill('SIGTERM');
      setTimeout(() => held!.finish(), heldBodyMs);
      const heldAnswer = await held.answered;
      answers.push(heldAnswer);
      expect(heldAnswer.status, `the payment held across the signal: ${heldAnswer.body}`).toBe(201);
      acknowledged.push(held.acknowledged(heldAnswer));
      const { code } = await server.exited;
      exited = true;
      expect(code, server.output()).toBe(0);
      load.abandon();
      await load.settled();
    } catch (error) {
      load.abandon();
      await server.kill9();
      await load.settled();
      throw error;
    }
    const stopMs = Date.now() - stopSentAt;

    const serverErrors = answers.filter((answer) => answer.status >= 500);
    const answeredAfterStop = answers.filter((answer) => answer.status === 201 && answer.sentAt < stopSentAt && answer.answeredAt >= stopSentAt);
    const refusedConnections = answers.filter((answer) => answer.status === 0 && answer.sentAt >= stopSentAt);
    const endings = await Promise.all(streams.map((stream) => stream.ended));
    const ledger = await readLedger(openForChecks);
    console.log(`RESULT SIGTERM under load on ${engine}: ready in ${readyMs} ms, load for ${stopSentAt - startedAt - readyMs} ms, stopped in ${stopMs} ms; ${acknowledged.length} payments acknowledged, `
      + `${answeredAfterStop.length} of them in flight at the signal and answered after it; ${serverErrors.length} 5xx; `
      + `${refusedConnections.length} attempts refused or cut after the stop began (not made; retried elsewhere); `
      + `ledger ${ledger.payments.length} payments; streams ended: ${endings.join(', ')}`);

    expect(serverErrors.map((answer) => `${answer.status} ${answer.body}`), 'payments answered 5xx').toEqual([]);
    // At least the held payment was in flight at the signal, and was answered after it.
    expect(answeredAfterStop.length, 'payments in flight at the signal and answered after it').toBeGreaterThan(0);
    // Every stream heard it should reconnect, with a retry delay, then ended cleanly.
    for (const [index, stream] of streams.entries()) {
      expect(endings[index]).toBe('end');
      expect(stream.text()).toMatch(/retry: \d+\nevent: reconnect\ndata: \{\}\n\n$/);
    }
    // The ledger holds exactly the acknowledged payments: none lost, none made unanswered.
    expectLedgerMatches(acknowledged, ledger);
  }, 60_000);
});
