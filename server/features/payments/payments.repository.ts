/** SQL for payments: one call of khata_pay (server/db/functions/khata_pay.sql) per payment. */
import type { Paise } from '@common/money';
import { assert } from '../../assert';
import { preparedQuery, type Db } from '../../db/client';

export interface PayParams {
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
}

export type PayOutcome =
  | { outcome: 'locked'; lockedUntil: string }
  | { outcome: 'pin_incorrect'; attemptsLeft: number }
  | { outcome: 'replayed'; payment: PaidRow }
  | { outcome: 'paid'; payment: PaidRow };

export async function pay(db: Db, p: PayParams): Promise<PayOutcome> {
  const [row] = await preparedQuery<{ result: PayOutcome | string }>(db, 'khata_pay', `select khata_pay(
    $1::uuid, $2, $3::jsonb, $4, $5::bigint, $6, $7, $8::timestamptz, $9::timestamptz, $10::uuid, $11::smallint,
    $12::int, $13::int, $14::int, $15::bigint) as result`, [
    p.customerId, p.attemptKey, JSON.stringify(p.pinHashes), p.qrToken, p.amountPaise, p.idempotencyKey, p.requestHash,
    p.now.toISOString(), p.idempotencyExpiresAt.toISOString(), p.transactionId, p.counterSlot, p.pinAttemptsMax,
    p.lockBaseSeconds, p.lockMaxSeconds, p.paymentPaiseMax,
  ]);
  assert(row, 'select khata_pay(…) answers one row');
  const raw = row.result;
  return typeof raw === 'string' ? JSON.parse(raw) as PayOutcome : raw;
}
