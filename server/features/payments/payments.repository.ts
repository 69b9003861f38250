/** SQL for payments: one call of the khata_pay function (migration 0003) per payment. */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface PayParams {
  customerId: string;
  attemptKey: string;
  /** HMAC of the entered PIN under each pepper version: { "1": "ab12…" }. */
  pinHashes: Record<string, string>;
  qrToken: string;
  amountPaise: number | null;
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
  idempotencyExpiresAt: Date;
  transactionId: string;
  counterSlot: number;
  pinAttemptsMax: number;
  lockBaseSeconds: number;
  lockMaxSeconds: number;
  paymentMaxPaise: number;
}

/** The ledger row of a payment, in raw units, as the function returns and stores it. */
export interface PaidRow {
  id: string;
  amountPaise: number;
  feePaise: number;
  totalPaise: number;
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

export async function pay(db: Executor, p: PayParams): Promise<PayOutcome> {
  const result = await db.execute(sql`select khata_pay(
    ${p.customerId}::uuid, ${p.attemptKey}, ${JSON.stringify(p.pinHashes)}::jsonb, ${p.qrToken}, ${p.amountPaise}::bigint,
    ${p.idempotencyKey}, ${p.requestHash}, ${p.now.toISOString()}::timestamptz, ${p.idempotencyExpiresAt.toISOString()}::timestamptz,
    ${p.transactionId}::uuid, ${p.counterSlot}::smallint, ${p.pinAttemptsMax}::int, ${p.lockBaseSeconds}::int,
    ${p.lockMaxSeconds}::int, ${p.paymentMaxPaise}::bigint) as result`);
  const raw = rowsOf<{ result: PayOutcome | string }>(result)[0]!.result;
  return typeof raw === 'string' ? JSON.parse(raw) as PayOutcome : raw;
}
