/**
 * Failover to a synchronous standby under load (docs/operations.md). A primary streams to a
 * standby that every commit waits for (synchronous_standby_names, synchronous_commit=on);
 * Khata runs on libpq's multi-host URL with target_session_attrs=read-write. While clients
 * pay (each payment's key and body resent on connection errors and 5xx until a definitive
 * answer, as the web app does), the primary is killed with SIGKILL and the standby
 * promoted. Checked on the new primary: every payment acknowledged with 201 is in the
 * ledger exactly once and nothing else is, reconcile is clean, and payments were
 * acknowledged again within 10 s of the promotion.
 *
 * With KHATA_FAILOVERS=2 (npm run test:adversarial) it fails over twice: the dead primary's
 * place (its port) is taken by a new standby of the promoted one, which is then promoted in
 * its turn, so the app's one URL sees the primary move back.
 *
 * Needs the PostgreSQL binaries; runs in the PostgreSQL pass (TEST_DATABASE_URL set), once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../server/db/client';
import { testServerUrl } from '../server/test/database-url';
import { postgresBinDir, replicationSettings, startCluster, startStandby, type Cluster } from './cluster';
import { freePort, migrateAndSeedPostgres, runReconcile, seconds, sleep, startKhata, type KhataProcess, type Payer } from './lib';
import {
  compareLedger, expectLedgerMatches, payUntilAnswered, readLedger, PaymentLoad, type Acknowledged, type Refused,
} from './payments';

const failovers = Number(process.env.KHATA_FAILOVERS ?? 1);
const clients = 8;
const dataset = { customers: 100, merchants: 10, accountsPerCustomer: 3, limitPaise: 50_000_000 };
/** Generous, for noisy machines; the measured figure is printed. */
const backWithinSeconds = 10;
/** How long the primary stays dead before the standby is promoted. */
const deadBeforePromotionMs = 1_000;

const enabled = Boolean(postgresBinDir() && testServerUrl());

const clusters: Cluster[] = [];
let server: KhataProcess | undefined;
afterAll(async () => {
  await server?.kill9();
  for (const cluster of clusters) await cluster.destroy();
});

describe.skipIf(!enabled)('failover to a synchronous standby', () => {
  it(`loses and doubles no acknowledged payment across ${failovers} failover(s), and serves again within ${backWithinSeconds} s of each promotion`, async () => {
    let primary = await startCluster({ name: 'primary', settings: replicationSettings });
    clusters.push(primary);
    await primary.query('create database khata');
    let standby = await startStandby(primary, { name: 'standby1' });
    clusters.push(standby);
    const hosts = [primary.port, standby.port];

    const payers = await migrateAndSeedPostgres(primary.url('khata'), dataset);

    const url = `postgres://postgres@${hosts.map((port) => `127.0.0.1:${port}`).join(',')}/khata?target_session_attrs=read-write`;
    const port = await freePort();
    server = startKhata({ DATABASE_URL: url, DB_POOL_SIZE: '8' }, port);
    await server.ready;
    const { url: serverUrl } = server;

    const acknowledged: Acknowledged[] = [];
    const refused: Refused[] = [];
    const counts = { issued: 0, attempts: 0, networkErrors: 0, unavailable: 0, outcomeUnknown: 0, otherServerErrors: 0 };
    const load = new PaymentLoad();

    /** Pays once, resending until a definitive answer, and sorts each resend by its cause. */
    async function payOnce(payer: Payer) {
      counts.issued += 1;
      const result = await payUntilAnswered({
        url: serverUrl, payer, keyPrefix: 'failover', abandoned: () => load.abandoned,
        onAnswer: ({ status, body }) => {
          counts.attempts += 1;
          if (status === 0) {
            counts.networkErrors += 1;
          } else if (status >= 500) {
            // A 5xx that is not JSON throws here and fails the test: every one must carry a code.
            const code = (JSON.parse(body) as { code?: string }).code;
            if (code === 'database_unavailable') counts.unavailable += 1;
            else if (code === 'payment_outcome_unknown') counts.outcomeUnknown += 1;
            else counts.otherServerErrors += 1;
          }
        },
      });
      if (result.outcome === 'acknowledged') acknowledged.push(result.payment);
      else if (result.outcome === 'refused') refused.push(result.refusal);
    }

    load.start(clients, payers, payOnce);

    const backMs: number[] = [];
    /** From the kill to the first acknowledgement of a payment sent after it. */
    const outageMs: number[] = [];
    try {
      for (let round = 1; round <= failovers; round++) {
        if (round > 1) {
          // The dead primary's port gets a new synchronous standby of the promoted one.
          const deadPort = hosts.find((p) => p !== primary.port)!;
          const next = await startStandby(primary, { name: `standby${round}`, port: deadPort });
          clusters.push(next);
          standby = next;
        }
        const before = acknowledged.length;
        for (const deadline = Date.now() + 30_000; acknowledged.length < before + 50 && Date.now() < deadline;) await sleep(20);
        const killedAt = Date.now();
        await primary.kill9();
        await sleep(deadBeforePromotionMs);
        await standby.promote();
        const promotedAt = Date.now();
        for (const deadline = promotedAt + 30_000; Date.now() < deadline;) {
          const back = acknowledged.find((a) => a.sentAt >= promotedAt);
          if (back) {
            backMs.push(back.answeredAt - promotedAt);
            outageMs.push(acknowledged.find((a) => a.sentAt >= killedAt)!.answeredAt - killedAt);
            break;
          }
          await sleep(20);
        }
        expect(backMs.length, `no payment acknowledged within 30 s of promotion ${round}:\n${server.output()}`).toBe(round);
        [primary, standby] = [standby, primary];
        // Payments go on against the new primary for a while before the next round.
        await sleep(1_000);
      }
      await load.finish(60_000, 'clients got no definitive answer within 60 s');
    } catch (error) {
      load.abandon();
      await load.settled();
      throw error;
    }
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);

    const reconcile = runReconcile({ DATABASE_URL: primary.url('khata') });
    const ledger = await readLedger(async () => openPostgres({ connectionString: primary.url('khata'), poolSize: 2 }));
    const { missing, unacknowledged, duplicateAcknowledgements } = compareLedger(acknowledged, ledger);
    console.log(`RESULT failover on PostgreSQL: ${failovers} failover(s) (kill -9 of the primary, promotion ${seconds(deadBeforePromotionMs)} s later); `
      + `${acknowledged.length} payments acknowledged of ${counts.issued} issued, ${ledger.payments.length} in the new primary's ledger, `
      + `${missing.length} missing, ${duplicateAcknowledgements} duplicated, ${unacknowledged.length} unacknowledged; `
      + `service back ${backMs.map(seconds).join(', ')} s after promotion (${outageMs.map(seconds).join(', ')} s after the kill); ${counts.attempts - counts.issued} resends `
      + `(${counts.networkErrors} connection errors, ${counts.unavailable} database_unavailable, ${counts.outcomeUnknown} payment_outcome_unknown, `
      + `${counts.otherServerErrors} other 5xx); reconcile: ${reconcile.output.split('\n').at(-1)}`);

    expect(refused).toEqual([]);
    expect(counts.otherServerErrors, 'answers other than 503 database_unavailable / payment_outcome_unknown').toBe(0);
    expect(acknowledged.length).toBe(counts.issued);
    for (const ms of backMs) expect(ms / 1000).toBeLessThanOrEqual(backWithinSeconds);
    expect(reconcile.ok, reconcile.output).toBe(true);

    // On the new primary, each acknowledged payment is in the ledger exactly once (none lost
    // with the old primary, none charged twice by a resend), and each account owes its sum.
    expectLedgerMatches(acknowledged, ledger);
  });
});
