/**
 * Crash safety (issue 6, item 7): the real server process is killed with SIGKILL 20 times
 * at random moments while clients pay, each payment with its own Idempotency-Key that the
 * client retries (same key, same body) on connection errors and 5xx until it gets a
 * definitive answer. Afterwards the ledger reconciles, every acknowledged payment is in
 * it exactly once, nothing was charged without an acknowledgement, and each account owes
 * exactly what its acknowledged payments add up to.
 *
 * Runs on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set, on PGlite otherwise.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf, type Database } from '../server/db/client';
import { migrateEmbedded, migratePostgres } from '../server/db/migrate';
import { testServerUrl } from '../server/test/database-url';
import {
  benchPin, createPostgresDatabase, freePort, randomBetween, runReconcile, seedPayments, sleep, startKhata,
  type KhataProcess, type Payer,
} from './lib';

// 20 kills in `npm run test:adversarial`; fewer in every `npm test`, to keep CI short.
const kills = Number(process.env.KHATA_CRASH_KILLS ?? 8);
const clients = 12;
const dataset = { customers: 200, merchants: 20, accountsPerCustomer: 5, limitPaise: 5_000_000 };
/** Milliseconds the server runs between a restart and the next kill. */
const upTimeMs = { min: 100, max: 1_200 };

const serverUrl = testServerUrl();
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';

let serverEnv: Record<string, string>;
let openForChecks: () => Promise<Database>;
let cleanup: () => Promise<void> = async () => {};
let payers: Payer[];

beforeAll(async () => {
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl, 'khata_crash');
    const database = openPostgres({ connectionString: created.url, poolSize: 2 });
    try {
      await migratePostgres(database.pool);
      payers = await seedPayments(database.pool, dataset);
    } finally {
      await database.close();
    }
    serverEnv = { DATABASE_URL: created.url };
    openForChecks = async () => openPostgres({ connectionString: created.url, poolSize: 2 });
    cleanup = () => created.drop();
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'khata-crash-'));
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      await migrateEmbedded(database.client);
      payers = await seedPayments(database.client, dataset);
    } finally {
      await database.close();
    }
    serverEnv = { DATA_DIR: dataDir };
    openForChecks = () => openPglite({ dataDir: join(dataDir, 'pglite') });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

afterAll(async () => { await cleanup(); });

interface Acknowledged { key: string; token: string; qrToken: string; transactionId: string; totalPaise: number; amountPaise: number }

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
const paiseOf = (wire: string) => {
  const [whole, fraction = ''] = wire.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
/** A client's pause before retrying: 50 ms, doubling up to 400 ms, with jitter. */
const backoffMs = (attempt: number) => Math.min(400, 25 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe(`crash safety on ${engine}`, () => {
  it(`loses no acknowledged payment and charges none twice across ${kills} kill -9s`, async () => {
    const started = Date.now();
    const port = await freePort();
    let server: KhataProcess = startKhata(serverEnv, port);
    await server.ready;
    const url = server.url;

    const acknowledged: Acknowledged[] = [];
    const refused: { key: string; status: number; body: string }[] = [];
    const counts = { issued: 0, attempts: 0, retries: 0, networkErrors: 0, serverErrors: 0, keysRetried: 0, maxAttemptsPerKey: 0, replayed: 0 };
    let inFlight = 0;
    let issuing = true;
    /** Set when the test fails part-way: clients stop retrying so nothing outlives it. */
    let abandoned = false;

    /** Pays once, retrying the same key and body until a definitive answer. */
    async function payOnce(payer: Payer) {
      const qrToken = payer.qrTokens[randomBetween(0, payer.qrTokens.length - 1)]!;
      const amountPaise = randomBetween(100, 10_000);
      const key = `crash-${randomUUID()}`;
      const body = JSON.stringify({ qrData: qrToken, pin: benchPin, amount: rupees(amountPaise) });
      counts.issued += 1;
      for (let attempt = 1; !abandoned; attempt++) {
        counts.attempts += 1;
        if (attempt > 1) counts.retries += 1;
        if (attempt === 2) counts.keysRetried += 1;
        counts.maxAttemptsPerKey = Math.max(counts.maxAttemptsPerKey, attempt);
        let status: number;
        let text: string;
        const attemptStarted = Date.now();
        inFlight += 1;
        try {
          const response = await fetch(`${url}/api/payments/process`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${payer.token}`, 'idempotency-key': key },
            body,
            signal: AbortSignal.timeout(20_000),
          });
          status = response.status;
          text = await response.text();
        } catch {
          counts.networkErrors += 1;
          await sleep(backoffMs(attempt));
          continue;
        } finally {
          inFlight -= 1;
        }
        if (status >= 500) {
          counts.serverErrors += 1;
          await sleep(backoffMs(attempt));
          continue;
        }
        if (status === 201) {
          const { transaction } = JSON.parse(text) as {
            transaction: { id: string; amount: string; totalAmount: string; createdAt: string };
          };
          expect(paiseOf(transaction.amount)).toBe(amountPaise);
          // Paid by an earlier attempt whose answer the kill swallowed: this one is the replay.
          if (Date.parse(transaction.createdAt) < attemptStarted) counts.replayed += 1;
          acknowledged.push({
            key, token: payer.token, qrToken, transactionId: transaction.id, amountPaise, totalPaise: paiseOf(transaction.totalAmount),
          });
        } else {
          refused.push({ key, status, body: text });
        }
        return;
      }
    }

    const workers = Array.from({ length: clients }, async () => {
      while (issuing) await payOnce(payers[randomBetween(0, payers.length - 1)]!);
    });

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
      issuing = false;
      let timer: NodeJS.Timeout | undefined;
      const tooLong = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('clients got no definitive answer within 60 s of the last restart')), 60_000);
      });
      try {
        await Promise.race([Promise.all(workers), tooLong]);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      issuing = false;
      abandoned = true;
      await server.kill9();
      await Promise.allSettled(workers);
      throw error;
    }
    const streamMs = Date.now() - started;
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);

    const reconcileResult = runReconcile(serverEnv);

    const database = await openForChecks();
    let ledger: { id: string; total: number }[];
    let stored: { key: string; response: string }[];
    let owed: { token_hash: string; qr_token: string; owed: number }[];
    try {
      const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
      ledger = await query(`select id::text as id, total_paise as total from transactions where type = 'payment'`);
      stored = await query(`select key, response from idempotency_keys`);
      owed = await query(`
        select s.token_hash, q.token as qr_token, a.owed_paise as owed
        from credit_accounts a join sessions s on s.user_id = a.customer_id join qr_codes q on q.business_id = a.business_id`);
    } finally {
      await database.close();
    }

    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`RESULT crash safety on ${engine}: ${kills} kill -9s, ${acknowledged.length} payments acknowledged `
      + `of ${counts.issued} issued, ${refused.length} refused; ${counts.retries} retries (${counts.keysRetried} keys retried, `
      + `${counts.networkErrors} connection errors, ${counts.serverErrors} 5xx, at most ${counts.maxAttemptsPerKey} attempts for one key; `
      + `${counts.replayed} paid before a kill and answered from the stored Idempotency-Key on retry); `
      + `${inFlightAtKill.reduce((a, b) => a + b, 0)} requests awaiting an answer at the kills; restart ${seconds(Math.min(...restartMs))}–`
      + `${seconds(Math.max(...restartMs))} s (mean ${seconds(restartMs.reduce((a, b) => a + b, 0) / restartMs.length)} s); `
      + `ledger ${ledger.length} payments; reconcile: ${reconcileResult.output.split('\n').at(-1)}; stream ${seconds(streamMs)} s`);

    // Every key got a definitive answer, and with limits far above the amounts every one is a 201.
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBe(counts.issued);
    expect(acknowledged.length).toBeGreaterThanOrEqual(kills);
    expect(inFlightAtKill.filter((n) => n > 0).length, 'kills that landed while requests were in flight').toBeGreaterThan(kills / 2);

    // Reconcile is clean.
    expect(reconcileResult.ok, reconcileResult.output).toBe(true);

    // Each acknowledged payment is in the ledger exactly once, and the ledger holds nothing else.
    const ackedIds = acknowledged.map((a) => a.transactionId);
    expect(new Set(ackedIds).size, 'two keys were answered with the same transaction').toBe(ackedIds.length);
    const ledgerIds = ledger.map((row) => row.id);
    expect(new Set(ledgerIds).size).toBe(ledgerIds.length);
    const missing = ackedIds.filter((id) => !ledgerIds.includes(id));
    expect(missing, 'acknowledged payments missing from the ledger (lost by a kill -9)').toEqual([]);
    const unacknowledged = ledgerIds.filter((id) => !new Set(ackedIds).has(id));
    expect(unacknowledged, 'payments in the ledger that no client was told about (a second charge)').toEqual([]);
    const totals = new Map(ledger.map((row) => [row.id, Number(row.total)]));
    for (const a of acknowledged) expect(totals.get(a.transactionId)).toBe(a.totalPaise);

    // The stored answer of each key names the transaction its client was told about.
    const storedByKey = new Map(stored.map((row) => [row.key, row.response]));
    expect(stored.length).toBe(acknowledged.length);
    for (const a of acknowledged) {
      const response = storedByKey.get(a.key);
      expect(response, `no stored answer for key ${a.key}`).toBeTruthy();
      expect((JSON.parse(response!) as { id: string }).id).toBe(a.transactionId);
    }

    // Each account owes exactly the sum of its acknowledged payments' totals.
    const expected = new Map<string, number>();
    for (const a of acknowledged) {
      const account = `${sha256(a.token)}|${a.qrToken}`;
      expected.set(account, (expected.get(account) ?? 0) + a.totalPaise);
    }
    const drift = owed
      .map((row) => ({ account: `${row.token_hash}|${row.qr_token}`, owed: Number(row.owed) }))
      .filter((row) => row.owed !== (expected.get(row.account) ?? 0));
    expect(drift).toEqual([]);
    expect(owed.length).toBe(dataset.customers * dataset.accountsPerCustomer);
  }, 240_000);
});
