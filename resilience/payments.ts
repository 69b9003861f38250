/**
 * The client side the crash, database-restart and failover tests share: paying clients, each
 * payment resent under its Idempotency-Key until a definitive answer, and the ledger checks after.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Database } from '../server/db/client';
import { benchPin, randomBetween, sleep, type Payer } from './lib';

/** The wire form of an amount: 12345 paise is "123.45". */
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
const paiseOf = (wire: string) => {
  const [whole, fraction = ''] = wire.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
/** A client's pause before retrying: 50 ms, doubling up to 400 ms, with jitter. */
const backoffMs = (attempt: number) => Math.min(400, 25 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
/** Sessions are stored by the SHA-256 of their token, so this is how a test finds a token's rows. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A payment answered 201, with what its client was told. */
export interface Acknowledged {
  key: string;
  token: string;
  qrToken: string;
  transactionId: string;
  amountPaise: number;
  totalPaise: number;
  /** The transaction's createdAt: before `sentAt` when an earlier attempt made the payment. */
  createdAt: string;
  /** When the attempt that got the 201 was sent and answered. */
  sentAt: number;
  answeredAt: number;
}

export interface Refused { key: string; status: number; body: string }

/** One attempt as its client saw it; status 0 is a connection error or a timeout, the error in `body`. */
export interface PaymentAttempt {
  key: string;
  attempt: number;
  sentAt: number;
  answeredAt: number;
  status: number;
  retryAfter: string | null;
  body: string;
}

/** How a payment ended: the test that abandoned it is failing already. */
export type PaymentOutcome =
  | { outcome: 'acknowledged'; payment: Acknowledged }
  | { outcome: 'refused'; refusal: Refused }
  | { outcome: 'abandoned'; key: string };

export interface PayOptions {
  /** Base URL of the Khata server. */
  url: string;
  payer: Payer;
  /** One of the payer's QR codes; a random one when not given. */
  qrToken?: string;
  /** Starts each Idempotency-Key, so a key in the database says which test made it. */
  keyPrefix: string;
  /** Called just before each attempt is sent (the crash test counts requests in flight). */
  onSend?: (attempt: number) => void;
  /**
   * Called with each attempt's answer before deciding whether to resend, so each test counts
   * what it measures; a throw here ends the payment and fails the test.
   */
  onAnswer?: (answer: PaymentAttempt) => void;
  /** Checked before each attempt: once the test fails part-way, nothing should outlive it. */
  abandoned?: () => boolean;
  /** A time (ms since the epoch) after which a payment still unanswered throws instead of resending. */
  giveUpAt?: number;
  /** Longer than any outage a test allows, so a hang is measured, not cut short. */
  requestTimeoutMs?: number;
}

/**
 * Pays once with a fresh Idempotency-Key and resends the same key and body on a connection
 * error or any 5xx, as the web app does, until a definitive answer: a 201 (whose amount must
 * be the one sent) or a refusal.
 */
export async function payUntilAnswered(options: PayOptions): Promise<PaymentOutcome> {
  const { url, payer, keyPrefix, onSend, onAnswer, abandoned = () => false, giveUpAt = Infinity, requestTimeoutMs = 20_000 } = options;
  const qrToken = options.qrToken ?? payer.qrTokens[randomBetween(0, payer.qrTokens.length - 1)]!;
  const amountPaise = randomBetween(100, 10_000);
  const key = `${keyPrefix}-${randomUUID()}`;
  const body = JSON.stringify({ qrData: qrToken, pin: benchPin, amount: rupees(amountPaise) });
  for (let attempt = 1; !abandoned(); attempt++) {
    if (Date.now() > giveUpAt) throw new Error(`payment ${key} had no definitive answer in time`);
    onSend?.(attempt);
    const sentAt = Date.now();
    let answer: PaymentAttempt;
    try {
      const response = await fetch(`${url}/api/payments/process`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${payer.token}`, 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      answer = { key, attempt, sentAt, answeredAt: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after'), body: text };
    } catch (error) {
      answer = { key, attempt, sentAt, answeredAt: Date.now(), status: 0, retryAfter: null, body: String(error) };
    }
    onAnswer?.(answer);
    if (answer.status === 0 || answer.status >= 500) {
      await sleep(backoffMs(attempt));
      continue;
    }
    if (answer.status !== 201) return { outcome: 'refused', refusal: { key, status: answer.status, body: answer.body } };
    const { transaction } = JSON.parse(answer.body) as {
      transaction: { id: string; amount: string; totalAmount: string; createdAt: string };
    };
    expect(paiseOf(transaction.amount)).toBe(amountPaise);
    return {
      outcome: 'acknowledged',
      payment: {
        key, token: payer.token, qrToken, transactionId: transaction.id, amountPaise, totalPaise: paiseOf(transaction.totalAmount),
        createdAt: transaction.createdAt, sentAt, answeredAt: answer.answeredAt,
      },
    };
  }
  return { outcome: 'abandoned', key };
}

/** What the database holds after a run: payments, stored Idempotency-Key answers, what each account owes. */
export interface Ledger {
  payments: { id: string; totalPaise: number }[];
  stored: { key: string; response: string }[];
  /** One row per credit account, named by its customer's session-token hash and its merchant's QR token. */
  owed: { tokenHash: string; qrToken: string; owedPaise: number }[];
}

/** Reads the ledger through a connection of its own, closed afterwards. BIGINT may arrive as a string, hence Number. */
export async function readLedger(open: () => Promise<Database>): Promise<Ledger> {
  const database = await open();
  try {
    const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
    const payments = await query<{ id: string; total: number | string }>(
      `select id::text as id, total_paise as total from transactions where type = 'payment'`);
    const stored = await query<{ key: string; response: string }>(`select key, response from idempotency_keys`);
    const owed = await query<{ token_hash: string; qr_token: string; owed: number | string }>(`
      select s.token_hash, q.token as qr_token, a.owed_paise as owed
      from credit_accounts a join sessions s on s.user_id = a.customer_id join qr_codes q on q.business_id = a.business_id`);
    return {
      payments: payments.map((row) => ({ id: row.id, totalPaise: Number(row.total) })),
      stored,
      owed: owed.map((row) => ({ tokenHash: row.token_hash, qrToken: row.qr_token, owedPaise: Number(row.owed) })),
    };
  } finally {
    await database.close();
  }
}

/** The figures a RESULT line prints, counted before anything is asserted so a failing run still reports them. */
export function compareLedger(acknowledged: Acknowledged[], ledger: Ledger) {
  const ackedIds = acknowledged.map((a) => a.transactionId);
  const ackedSet = new Set(ackedIds);
  const ledgerSet = new Set(ledger.payments.map((row) => row.id));
  return {
    /** Acknowledged payments not in the ledger: lost. */
    missing: ackedIds.filter((id) => !ledgerSet.has(id)),
    /** Payments in the ledger no client was told about: a second charge. */
    unacknowledged: [...ledgerSet].filter((id) => !ackedSet.has(id)),
    /** Acknowledgements naming a transaction another key was told about already. */
    duplicateAcknowledgements: ackedIds.length - ackedSet.size,
    /** Ledger rows sharing an id. */
    duplicatePayments: ledger.payments.length - ledgerSet.size,
  };
}

/**
 * The checks every resilience test ends with: each acknowledged payment is in the ledger
 * exactly once with the total its client was told, the ledger holds nothing else, the stored
 * answer of each key names the transaction its client got, and each account owes exactly the
 * sum of its acknowledged payments' totals.
 */
export function expectLedgerMatches(acknowledged: Acknowledged[], ledger: Ledger) {
  const { missing, unacknowledged, duplicateAcknowledgements, duplicatePayments } = compareLedger(acknowledged, ledger);
  expect(duplicateAcknowledgements, 'two keys were answered with the same transaction').toBe(0);
  expect(duplicatePayments, 'ledger rows sharing an id').toBe(0);
  expect(missing, 'acknowledged payments missing from the ledger (lost)').toEqual([]);
  expect(unacknowledged, 'payments in the ledger that no client was told about (a second charge)').toEqual([]);
  expect(ledger.payments.length).toBe(acknowledged.length);
  const totals = new Map(ledger.payments.map((row) => [row.id, row.totalPaise]));
  for (const a of acknowledged) expect(totals.get(a.transactionId)).toBe(a.totalPaise);

  const storedByKey = new Map(ledger.stored.map((row) => [row.key, row.response]));
  expect(ledger.stored.length).toBe(acknowledged.length);
  for (const a of acknowledged) {
    const response = storedByKey.get(a.key);
    expect(response, `no stored answer for key ${a.key}`).toBeTruthy();
    expect((JSON.parse(response!) as { id: string }).id).toBe(a.transactionId);
  }

  const expected = new Map<string, number>();
  for (const a of acknowledged) {
    const account = `${sha256(a.token)}|${a.qrToken}`;
    expected.set(account, (expected.get(account) ?? 0) + a.totalPaise);
  }
  const drift = ledger.owed
    .map((row) => ({ account: `${row.tokenHash}|${row.qrToken}`, owedPaise: row.owedPaise }))
    .filter((row) => row.owedPaise !== (expected.get(row.account) ?? 0));
  expect(drift, 'accounts owing other than the sum of their acknowledged payments').toEqual([]);
}

/**
 * The paying clients of a test: each pays as a random payer, one payment after another,
 * until finish() (open payments still get their definitive answers) or abandon() (the test
 * is failing: no resends either, so nothing outlives it). Created before the clients'
 * payment function, so that function can read `abandoned`.
 */
export class PaymentLoad {
  issuing = true;
  abandoned = false;
  private clients: Promise<void>[] = [];

  start(count: number, payers: Payer[], payOnce: (payer: Payer) => Promise<unknown>) {
    this.clients = Array.from({ length: count }, async () => {
      while (this.issuing) await payOnce(payers[randomBetween(0, payers.length - 1)]!);
    });
  }

  /**
   * Stops issuing and waits for the open payments (and `also`), failing with `message` after
   * `timeoutMs` so a client that never gets a definitive answer fails the test, not hangs it.
   */
  async finish(timeoutMs: number, message: string, also: Promise<unknown>[] = []) {
    this.issuing = false;
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), timeoutMs);
    });
    try {
      await Promise.race([Promise.all([...this.clients, ...also]), tooLong]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops issuing and resending at once; settled() then waits for the clients to return. */
  abandon() {
    this.issuing = false;
    this.abandoned = true;
  }

  settled() {
    return Promise.allSettled(this.clients);
  }
}
