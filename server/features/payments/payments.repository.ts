/** SQL for payments: one call of khata_pay (server/db/functions/khata_pay.sql) per payment. */
import { eq } from 'drizzle-orm';
import { availableCredit, type Paise } from '@common/money';
import { assert } from '../../assert';
import { preparedQuery, type Db } from '../../db/client';
import { transactions } from '../../db/schema';

export interface PayParams {
  /** The caller's session, checked inside the call; its idle expiry renewed when stale. */
  tokenHash: string;
  sessionIdleExpiresAt: Date;
  sessionTouchSeconds: number;
  customerId: string;
  attemptKey: string;
  /** HMAC of the entered PIN under each pepper version: { "1": "ab12…" }. */
  pinHashes: Record<string, string>;
  qrToken: string;
  amountPaise: Paise | null;
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
  idempotencyExpiresAt: Date;
  transactionId: string;
  counterSlot: number;
  pinAttemptsMax: number;
  lockBaseSeconds: number;
  lockMaxSeconds: number;
  paymentPaiseMax: Paise;
}

/** The ledger row of a payment, in raw units, as the function returns and stores it. */
export interface PaidRow {
  id: string;
  amountPaise: Paise;
  feePaise: Paise;
  totalPaise: Paise;
  createdAt: string;
  businessId: string;
  businessName: string;
  customerName: string;
  description: string | null;
  /** Available credit after the payment; absent in answers stored before receipts showed it. */
  availablePaise?: Paise;
}

export type PayOutcome =
  | { outcome: 'not_signed_in' }
  | { outcome: 'forbidden' }
  | { outcome: 'locked'; lockedUntil: string }
  | { outcome: 'pin_incorrect'; attemptsLeft: number }
  | { outcome: 'replayed'; payment: PaidRow }
  | { outcome: 'paid'; payment: PaidRow };

/**
 * The one statement a payment runs. bench/payments.ts hands this same text to pgbench, so
 * the benchmark's SQL reference cannot drift from the endpoint.
 */
export const payStatement = `select khata_pay(
    $1, $2::timestamptz, $3::int, $4::uuid, $5, $6::jsonb, $7, $8::bigint, $9, $10, $11::timestamptz, $12::timestamptz,
    $13::uuid, $14::smallint, $15::int, $16::int, $17::int, $18::bigint) as result`;

export async function pay(db: Db, p: PayParams): Promise<PayOutcome> {
  const [row] = await preparedQuery<{ result: PayOutcome | string }>(db, 'khata_pay', payStatement, [
    p.tokenHash, p.sessionIdleExpiresAt.toISOString(), p.sessionTouchSeconds, p.customerId, p.attemptKey, JSON.stringify(p.pinHashes), p.qrToken, p.amountPaise, p.idempotencyKey, p.requestHash,
    p.now.toISOString(), p.idempotencyExpiresAt.toISOString(), p.transactionId, p.counterSlot, p.pinAttemptsMax,
    p.lockBaseSeconds, p.lockMaxSeconds, p.paymentPaiseMax,
  ]);
  assert(row, 'select khata_pay(…) answers one row');
  const raw = row.result;
  return typeof raw === 'string' ? JSON.parse(raw) as PayOutcome : raw;
}

/** The available credit a ledger row recorded (its limit and amount owed after it). */
export async function availableAfter(db: Db, transactionId: string): Promise<Paise> {
  const [row] = await db.select({ limit: transactions.limitPaiseAfter, owed: transactions.owedPaiseAfter })
    .from(transactions).where(eq(transactions.id, transactionId)).limit(1);
  assert(row, 'an answered payment has its ledger row');
  return availableCredit(row.limit, row.owed);
}
