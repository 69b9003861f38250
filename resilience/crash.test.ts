/**
 * Crash safety (docs/security.md, threat 7): the real server process is killed with SIGKILL 20 times
 * at random moments while clients pay, each payment with its own Idempotency-Key that the
 * client retries (same key, same body) on connection errors and 5xx until it gets a
 * definitive answer. Afterwards the ledger reconciles, every acknowledged payment is in
 * it exactly once, nothing was charged without an acknowledgement, and each account owes
 * exactly what its acknowledged payments add up to.
 *
 * Runs on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, on PGlite otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from '../server/test/database-url';
import {
  freePort, randomBetween, runReconcile, seconds, seededDatabase, sleep, startKhata,
  type KhataProcess, type Payer, type SeededDatabase,
} from './lib';
import { expectLedgerMatches, payUntilAnswered, readLedger, PaymentLoad, type Acknowledged, type Refused } from './payments';

// 20 kills in `npm run test:adversarial`; fewer in every `npm test`, to keep CI short.
const kills = Number(process.env.KHATA_CRASH_KILLS ?? 8);
const clients = 12;
const dataset = { customers: 200, merchants: 20, accountsPerCustomer: 5, limitPaise: 5_000_000 };
/** Milliseconds the server runs between a restart and the next kill. */
const upTimeMs = { min: 100, max: 1_200 };

const serverUrl = testServerUrl();
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';

let seeded: SeededDatabase | undefined;

beforeAll(async () => { seeded = await seededDatabase('crash', serverUrl, dataset); }, 120_000);

afterAll(async () => { await seeded?.remove(); });

describe(`crash safety on ${engine}`, () => {
  it(`loses no acknowledged payment and charges none twice across ${kills} kill -9s`, async () => {
    const { serverEnv, payers, open: openForChecks } = seeded!;
    const started = Date.now();
    const port = await freePort();
    let server: KhataProcess = startKhata(serverEnv, port);
    await server.ready;
    const url = server.url;

    const acknowledged: Acknowledged[] = [];
    const refused: Refused[] = [];
    const counts = { issued: 0, attempts: 0, retries: 0, networkErrors: 0, serverErrors: 0, keysRetried: 0, maxAttemptsPerKey: 0, replayed: 0 };
    let inFlight = 0;
    const load = new PaymentLoad();

    /** Pays once, retrying the same key and body until a definitive answer, counting every attempt. */
    async function payOnce(payer: Payer) {
      counts.issued += 1;
      const result = await payUntilAnswered({
        url, payer, keyPrefix: 'crash', abandoned: () => load.abandoned,
        onSend: (attempt) => {
          counts.attempts += 1;
          if (attempt > 1) counts.retries += 1;
          if (attempt === 2) counts.keysRetried += 1;
          counts.maxAttemptsPerKey = Math.max(counts.maxAttemptsPerKey, attempt);
          inFlight += 1;
        },
        onAnswer: ({ status }) => {
          inFlight -= 1;
          if (status === 0) counts.networkErrors += 1;
          else if (status >= 500) counts.serverErrors += 1;
        },
      });
      if (result.outcome === 'acknowledged') {
        // Paid by an earlier attempt whose answer the kill swallowed: this one is the replay.
        if (Date.parse(result.payment.createdAt) < result.payment.sentAt) counts.replayed += 1;
        acknowledged.push(result.payment);
      } else if (result.outcome === 'refused') {
        refused.push(result.refusal);
      }
    }

    load.start(clients, payers, payOnce);

    const restartMs: number[] = [];
    const inFlightAtKill: number[] = [];
    try {
      for (let kill = 1; kill <= kills; kill++) {
        // A random moment, once the restarted server is taking payments again.
        const ackedBefore = acknowledged.length;
        await sleep(randomBetween(upTimeMs.min, upTimeMs.max));
        for (const deadline = Date.now() + 30_000; acknowledged.length === ackedBefore && Date.now() < deadline;) await sleep(20);
        inFlightAtKill.push(inFlight);
        await server.kill9();
        const restartStarted = Date.now();
        server = startKhata(serverEnv, port);
        await server.ready;
        restartMs.push(Date.now() - restartStarted);
      }
      // The last restart stays up: clients finish their open payments against it.
      await sleep(500);
      await load.finish(60_000, 'clients got no definitive answer within 60 s of the last restart');
    } catch (error) {
      load.abandon();
      await server.kill9();
      await load.settled();
      throw error;
    }
    const streamMs = Date.now() - started;
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);

    const reconcileResult = runReconcile(serverEnv);
    const ledger = await readLedger(openForChecks);

    console.log(`RESULT crash safety on ${engine}: ${kills} kill -9s, ${acknowledged.length} payments acknowledged `
      + `of ${counts.issued} issued, ${refused.length} refused; ${counts.retries} retries (${counts.keysRetried} keys retried, `
      + `${counts.networkErrors} connection errors, ${counts.serverErrors} 5xx, at most ${counts.maxAttemptsPerKey} attempts for one key; `
      + `${counts.replayed} paid before a kill and answered from the stored Idempotency-Key on retry); `
      + `${inFlightAtKill.reduce((a, b) => a + b, 0)} requests awaiting an answer at the kills; restart ${seconds(Math.min(...restartMs))}–`
      + `${seconds(Math.max(...restartMs))} s (mean ${seconds(restartMs.reduce((a, b) => a + b, 0) / restartMs.length)} s); `
      + `ledger ${ledger.payments.length} payments; reconcile: ${reconcileResult.output.split('\n').at(-1)}; stream ${seconds(streamMs)} s`);

    // Every key got a definitive answer, and with limits far above the amounts every one is a 201.
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBe(counts.issued);
    expect(acknowledged.length).toBeGreaterThanOrEqual(kills);
    expect(inFlightAtKill.filter((n) => n > 0).length, 'kills that landed while requests were in flight').toBeGreaterThan(kills / 2);

    // Reconcile is clean.
    expect(reconcileResult.ok, reconcileResult.output).toBe(true);

    // Each acknowledged payment is in the ledger exactly once (none lost by a kill -9, none
    // charged twice), its key's stored answer names it, and each account owes its sum.
    expectLedgerMatches(acknowledged, ledger);
    // Every seeded account is there to compare: a join that lost rows would hide drift.
    expect(ledger.owed.length).toBe(dataset.customers * dataset.accountsPerCustomer);
  }, 240_000);
});
