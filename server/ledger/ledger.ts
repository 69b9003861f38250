/**
 * The ledger: the one owner of every write that moves money or the figures read from it
 * (transactions, credit_accounts, business_counters, business_daily, customer_last_paid_days;
 * docs/architecture.md, "The ledger"). Features call it and never write those tables
 * themselves. Every money operation is one plpgsql function in server/ledger/functions, run
 * in one transaction (docs/decisions.md, "Every money operation is one database function"):
 * pay (khata_pay), charge (khata_charge: a payment approved by a code sent by SMS), repay
 * (khata_repay), refund (khata_refund), reverse (khata_reverse), sharing helpers written once:
 * khata_check_pin (the PIN attempt rule), khata_actor (the person at the shop and their limits),
 * khata_debit (a payment's write, for pay and charge), khata_count (the counters' slots and the
 * daily rollup), khata_fee and khata_fee_share, khata_refresh_dues.
 * The writes that move no money (opening an account, its limit, its due date, the reminder
 * stamp, the day's overdue cache) are TypeScript here and in ledger.repository.ts.
 *
 * Invariants, each checked by reconcile (server/ledger/reconcile.ts) after every test,
 * benchmark, crash and failover, except the two time windows of 5 and 6, which the
 * functions check when they write (a later change of a window must not flag old rows):
 * 1. Every change of what is owed is one immutable ledger row written in the same
 *    transaction: payment, repayment, refund (of a payment) or reversal (of a repayment).
 * 2. Per account: owed = payment totals − repayments − refund totals + reversals, and
 *    0 <= owed <= charged = payment totals. No balance is ever negative.
 * 3. No payment commits above the limit in force (its owed after <= its limit after); a
 *    reversal may, since it restores a debt that existed.
 * 4. The fee: a payment's fee is round_half_up(amount × rate / 10000) at the rate recorded
 *    on it (khata_fee; feeFor in common/money.ts is its twin). A refund's fee share is
 *    round_half_up(fee × refund / amount), capped at the fee not yet given back; a
 *    payment's shares sum to at most its fee, and to exactly its fee once it is wholly
 *    refunded.
 * 5. A payment's refunds sum to at most its amount, each within refundDaysMax of it, on its
 *    account and business.
 * 6. A repayment is reversed at most once, by its own amount, within reversalDaysMax, and
 *    never when a confirmed UPI claim wrote it.
 * 7. Counters and rollups equal their ledger rebuild: per business, credit issued = payment
 *    totals − repayments − refund totals + reversals, revenue = payment amounts − refund
 *    amounts, payments and refunds counted apart, customers = accounts; per business and
 *    India day, revenue and fee net of that day's refunds and both counts; customers by the
 *    India day of their last payment.
 * 8. Dues are first in, first out: with repaid = charged − owed, an account's next due date
 *    is the earliest effective due date (greatest(due_on, deferral)) of the payments repaid
 *    does not cover; nothing owed means no date and no deferral; the overdue cache is exact
 *    for its day.
 * 9. No dynamic QR code is paid twice; an Idempotency-Key answers one operation.
 * 10. A payment approved by SMS code (by_sms_code) is the ledger row of exactly one used
 *     charge (sms_charges.transaction_id), of its account, amount, fee and rate, with no QR
 *     code; a used charge names such a row. Its code is tried at most smsCodeAttemptsMax
 *     times and only before it expires (checked by khata_charge when it writes).
 * 11. Every row a person at the shop wrote names them: a repayment, refund, reversal or
 *     payment by SMS code carries the membership (of the row's business) and its role at the
 *     time; a customer's own payment names nobody; an adjustment may name one, of its shop.
 *     A manager's or a cashier's repayment, refund or reversal is within their limits for
 *     one entry and for the India day (checked by khata_actor when it writes: a later change
 *     of a limit must not flag old rows).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ErrorKey, ErrorParams } from '@common/errors';
import {
  idempotencyTtlSeconds, overdueRefreshBatchRows, paymentPaiseMax, pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax,
  refundDaysMax, reversalDaysMax, smsCodeAttemptsMax,
} from '@common/limits';
import { formatRupees, paise, type Paise } from '@common/money';
import { assert } from '../assert';
import { addSeconds, type Clock } from '../clock';
import { databaseError, preparedQuery, rowsOf, sqlState, violatedConstraint, type Db, type Executor } from '../db/client';
import { AppError } from '../errors';
import { indiaDay } from '../india-days';
import * as repository from './ledger.repository';

/**
 * Enough slots that concurrent writers rarely meet on one row: well above the pool's
 * connections (at most that many operations of one process are in flight; 10 by default).
 * khata_count takes whichever slot no one holds and falls back to a random one below this.
 * Reading a merchant's figures sums at most this many rows.
 */
export const counterSlots = 32;
const anySlot = () => randomInt(counterSlots);

/** HMACs of the entered PIN under each pepper version: { "1": "ab12…" } (pins.candidateHashes). */
export type PinHashes = Record<string, string>;

/** What refuses a PIN before anything else is done; the caller answers it (pins.refuseLocked, pin_incorrect). */
export type PinRefusal = { outcome: 'pin_incorrect'; attemptsLeft: number } | { outcome: 'locked'; lockedUntil: string };

export interface PayInput {
  /** The caller's session, checked inside the call; its idle expiry renewed when stale. */
  tokenHash: string;
  sessionIdleExpiresAt: Date;
  sessionTouchSeconds: number;
  customerId: string;
  attemptKey: string;
  pinHashes: PinHashes;
  qrToken: string;
  amountPaise: Paise | null;
  idempotencyKey: string | null;
  requestHash: string;
  now: Date;
  transactionId: string;
}

/** The ledger row of a payment, in raw units, as khata_pay returns and stores it. */
export interface PaidRow {
  id: string;
  amountPaise: Paise;
  feePaise: Paise;
  totalPaise: Paise;
  createdAt: string;
  businessId: string;
  businessName: string;
  /** The shop's address and phone for the receipt; absent in answers stored before receipts showed them. */
  businessAddress?: string;
  businessPhone?: string | null;
  customerName: string;
  description: string | null;
  /** Available credit after the payment; absent in answers stored before receipts showed it. */
  availablePaise?: Paise;
}

export type PayOutcome =
  | { outcome: 'not_signed_in' }
  | { outcome: 'forbidden' }
  | { outcome: 'account_frozen' }
  | PinRefusal
  | { outcome: 'replayed'; payment: PaidRow }
  | { outcome: 'paid'; payment: PaidRow };

/**
 * The person at the shop who writes a row (server/actor.ts): the row records them and their
 * role, and a manager's or cashier's limits bound a cash repayment, refund or reversal.
 */
export interface LedgerActor { memberId: string; userId: string }

/** A repayment written inside the caller's transaction (cash in credit, a confirmed UPI claim in claims). */
export interface RepayInput {
  businessId: string;
  actor: LedgerActor;
  accountId: string;
  amountPaise: Paise;
  /** The ledger row's description: null for cash, "UPI <reference>" for a claim. */
  description: string | null;
  transactionId: string;
  now: Date;
}

export interface AccountAfter { id: string; customerId: string; limitPaise: Paise; owedPaise: Paise }

export interface RefundInput {
  businessId: string;
  actor: LedgerActor;
  paymentId: string;
  /** The goods refunded; the fee share is added to what the customer gets back. */
  amountPaise: Paise;
  reason: string;
  /** The customer's report this refund answers, marked refunded in the same transaction. */
  reportId: string | null;
  pinHashes: PinHashes;
  attemptKey: string;
  idempotencyKey: string | null;
  requestHash: string;
  transactionId: string;
  now: Date;
}

/** The refund's ids: the ledger row written (or, replayed, written by the first request with the key). */
export interface RefundDone { refundId: string; paymentId: string; accountId: string; customerId: string }

export type RefundOutcome = ({ outcome: 'refunded' } & RefundDone) | ({ outcome: 'replayed' } & RefundDone) | PinRefusal;

export interface ReverseInput {
  businessId: string;
  actor: LedgerActor;
  repaymentId: string;
  reason: string;
  pinHashes: PinHashes;
  attemptKey: string;
  transactionId: string;
  now: Date;
}

export type ReverseOutcome =
  | { outcome: 'reversed'; reversalId: string; repaymentId: string; accountId: string; customerId: string }
  | PinRefusal;

export interface ChargeInput {
  businessId: string;
  actor: LedgerActor;
  chargeId: string;
  /** The HMAC of the code the merchant typed, as sms_charges.code_hash keeps the sent one's. */
  codeHash: string;
  /** The customer's PIN attempt key (pinCounter.account), whose lock serialises their payments. */
  attemptKey: string;
  idempotencyKey: string | null;
  requestHash: string;
  transactionId: string;
  now: Date;
}

/** A confirmed charge's ids: the ledger row written (or, replayed, written by the first request with the key). */
export interface ChargeDone { transactionId: string; accountId: string; customerId: string }

export type ChargeOutcome =
  | ({ outcome: 'paid' } & ChargeDone)
  | ({ outcome: 'replayed' } & ChargeDone)
  | { outcome: 'sms_code_incorrect'; attemptsLeft: number }
  | { outcome: 'sms_code_void' };

/**
 * The one statement a payment runs. bench/statements.ts hands this same text to pgbench, so
 * the benchmark's SQL cannot drift from the endpoint.
 */
export const payStatement = `select khata_pay(
    $1, $2::timestamptz, $3::int, $4::uuid, $5, $6::jsonb, $7, $8::bigint, $9, $10, $11::timestamptz, $12::timestamptz,
    $13::uuid, $14::smallint, $15::int, $16::int, $17::int, $18::bigint) as result`;

const refundStatement = `select khata_refund(
    $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::bigint, $6, $7::uuid, $8, $9::jsonb, $10, $11, $12::uuid, $13::timestamptz,
    $14::timestamptz, $15::smallint, $16::int, $17::int, $18::int, $19::int) as result`;

const reverseStatement = `select khata_reverse(
    $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7::jsonb, $8::uuid, $9::timestamptz, $10::smallint, $11::int, $12::int,
    $13::int, $14::int) as result`;

const chargeStatement = `select khata_charge(
    $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8, $9::uuid, $10::timestamptz, $11::timestamptz, $12::smallint,
    $13::int) as result`;

/** jsonb comes back parsed from pg and PGlite alike; a string is parsed here should a driver not. */
const parsed = <T>(raw: T | string): T => (typeof raw === 'string' ? JSON.parse(raw) as T : raw);

async function callOne<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T> {
  const [row] = await preparedQuery<{ result: T | string }>(db, name, text, values);
  assert(row, `select ${name}(…) answers one row`);
  return parsed(row.result);
}

const rupeesOf = (detail: unknown) => formatRupees(paise(Number(detail)));

/**
 * The refusals the functions raise (SQLSTATE KH000, the catalogue key as message, figures
 * in paise as detail), with the parameters their messages read.
 */
const refusalParams: Partial<Record<ErrorKey, (detail: string | undefined) => ErrorParams>> = {
  idempotency_conflict: () => ({}),
  qr_not_found: () => ({}),
  qr_already_used: () => ({}),
  qr_expired: () => ({}),
  business_not_approved: () => ({}),
  amount_missing: () => ({}),
  amount_above_maximum: () => ({ maximum: formatRupees(paymentPaiseMax) }),
  no_credit_account: () => ({}),
  insufficient_credit: (detail) => ({ shortfall: rupeesOf(detail) }),
  transaction_not_found: () => ({}),
  not_a_payment: () => ({}),
  refund_amount_format: () => ({}),
  refund_too_old: (detail) => ({ days: Number(detail) }),
  refund_above_refundable: (detail) => ({ refundable: rupeesOf(detail) }),
  refund_above_owed: (detail) => {
    const figures = JSON.parse(detail ?? '{}') as { owedPaise: number; refundablePaise: number };
    return { owed: rupeesOf(figures.owedPaise), refundable: rupeesOf(figures.refundablePaise) };
  },
  report_not_found: () => ({}),
  report_already_answered: () => ({}),
  not_a_cash_repayment: () => ({}),
  claim_repayment_not_reversible: () => ({}),
  reversal_too_old: (detail) => ({ days: Number(detail) }),
  repayment_already_reversed: () => ({}),
  customer_frozen: (detail) => ({ customerName: detail ?? '' }),
  sms_approval_off: (detail) => ({ customerName: detail ?? '' }),
  charge_not_found: () => ({}),
  sms_code_used: () => ({}),
  sms_code_void: () => ({}),
  sms_code_expired: () => ({}),
  // The person at the shop (khata_actor): no longer of this shop, or past their own limits.
  forbidden: () => ({}),
  staff_single_limit: (detail) => ({ limit: rupeesOf(detail) }),
  staff_daily_limit: (detail) => {
    const figures = JSON.parse(detail ?? '{}') as { limitPaise: number; leftPaise: number };
    return { limit: rupeesOf(figures.limitPaise), left: rupeesOf(figures.leftPaise) };
  },
};

/** A ledger function's refusal as the error the client reads; null for anything else (a bug). */
export function ledgerRefusal(error: unknown): AppError | null {
  const raised = databaseError(error);
  if (raised?.code === 'KH000') {
    const params = Object.hasOwn(refusalParams, raised.message) ? refusalParams[raised.message as ErrorKey] : undefined;
    return params ? new AppError(raised.message as ErrorKey, params(raised.detail)) : null;
  }
  // The schema's own guard of "one reversal per repayment", should the row lock ever be bypassed.
  if (sqlState(error) === '23505' && violatedConstraint(error) === 'transactions_reversal_unique') {
    return new AppError('repayment_already_reversed');
  }
  return null;
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}

export function createLedger(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * A payment: everything, the session check included, in one call of khata_pay, in one
   * transaction and one round trip. Refusals after the PIN are thrown as AppError; a lost
   * connection after sending is thrown as OutcomeUnknownError for the caller to name.
   */
  const pay = (p: PayInput): Promise<PayOutcome> => refusing(() => callOne<PayOutcome>(db, 'khata_pay', payStatement, [
    p.tokenHash, p.sessionIdleExpiresAt.toISOString(), p.sessionTouchSeconds, p.customerId, p.attemptKey,
    JSON.stringify(p.pinHashes), p.qrToken, p.amountPaise, p.idempotencyKey, p.requestHash, p.now.toISOString(),
    addSeconds(p.now, idempotencyTtlSeconds).toISOString(), p.transactionId, anySlot(), pinAttemptsMax,
    pinLockSecondsBase, pinLockSecondsMax, paymentPaiseMax,
  ]));

  /**
   * A repayment in the caller's transaction `tx` (khata_repay): the account after, or null
   * when the account is not the business's or owes less than the amount, so the caller
   * chooses its refusal. The person's refusals (forbidden, staff_single_limit,
   * staff_daily_limit) are thrown as AppError; the caller's transaction then writes nothing.
   */
  async function repay(tx: Executor, r: RepayInput): Promise<AccountAfter | null> {
    const [row] = await refusing(async () => rowsOf<{ result: AccountAfter | string | null }>(await tx.execute(sql`select khata_repay(
      ${r.businessId}::uuid, ${r.actor.userId}::uuid, ${r.actor.memberId}::uuid, ${r.accountId}::uuid, ${r.amountPaise}::bigint,
      ${r.description}, ${r.transactionId}::uuid, ${r.now.toISOString()}::timestamptz, ${anySlot()}::smallint) as result`)));
    assert(row, 'select khata_repay(…) answers one row');
    return row.result === null ? null : parsed(row.result);
  }

  /** A refund of a payment, wholly or in part, in one call of khata_refund (its header has the rules). */
  const refund = (r: RefundInput): Promise<RefundOutcome> => refusing(() => callOne<RefundOutcome>(db, 'khata_refund', refundStatement, [
    r.businessId, r.actor.userId, r.actor.memberId, r.paymentId, r.amountPaise, r.reason, r.reportId, r.attemptKey,
    JSON.stringify(r.pinHashes), r.idempotencyKey, r.requestHash, r.transactionId, r.now.toISOString(),
    addSeconds(r.now, idempotencyTtlSeconds).toISOString(), anySlot(), pinAttemptsMax, pinLockSecondsBase,
    pinLockSecondsMax, refundDaysMax,
  ]));

  /** The reversal of a cash repayment recorded by mistake, in one call of khata_reverse. */
  const reverse = (r: ReverseInput): Promise<ReverseOutcome> => refusing(() => callOne<ReverseOutcome>(db, 'khata_reverse', reverseStatement, [
    r.businessId, r.actor.userId, r.actor.memberId, r.repaymentId, r.reason, r.attemptKey, JSON.stringify(r.pinHashes), r.transactionId,
    r.now.toISOString(), anySlot(), pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax, reversalDaysMax,
  ]));

  /**
   * A charge confirmed with the code its SMS brought, in one call of khata_charge (its header
   * has the rules). A wrong code is an outcome, not a refusal: its attempt is committed.
   */
  const charge = (c: ChargeInput): Promise<ChargeOutcome> => refusing(() => callOne<ChargeOutcome>(db, 'khata_charge', chargeStatement, [
    c.businessId, c.actor.userId, c.actor.memberId, c.chargeId, c.codeHash, c.attemptKey, c.idempotencyKey, c.requestHash, c.transactionId,
    c.now.toISOString(), addSeconds(c.now, idempotencyTtlSeconds).toISOString(), anySlot(), smsCodeAttemptsMax,
  ]));

  /**
   * Opens a credit account unless the pair has one, and counts the merchant's customer
   * (khata_count), in the caller's transaction; true when opened.
   */
  async function openAccount(tx: Executor, account: {
    id: string; customerId: string; businessId: string; limitPaise: Paise; now: Date;
  }): Promise<boolean> {
    if (!await repository.insertAccountIfAbsent(tx, account)) return false;
    await repository.count(tx, account.businessId, anySlot(), indiaDay(account.now), { customers: 1 });
    return true;
  }

  /** Sets the limit of one of the business's accounts; what is owed is never touched. The limit it replaced, or null. */
  const setLimit = (tx: Executor, change: { businessId: string; accountId: string; limitPaise: Paise; now: Date }) =>
    repository.setLimit(tx, change);

  /**
   * Moves an account's dues to `dueOn` and recomputes its next due date and today's overdue
   * amount (khata_refresh_dues), in the caller's transaction, which has checked and locked it.
   */
  const deferDue = (tx: Executor, move: { businessId: string; accountId: string; dueOn: string; now: Date }) =>
    repository.deferDue(tx, { ...move, today: indiaDay(move.now) });

  /** Stamps the account with the merchant's latest reminder, in the caller's transaction. */
  const markReminded = (tx: Executor, stamp: { businessId: string; accountId: string; at: Date }) =>
    repository.markReminded(tx, stamp);

  /**
   * Caches today's overdue amount on every account with something due before today whose
   * figure is for another day (docs/decisions.md, "Overdue is read, never counted."), as
   * khata_refresh_dues computes it. Run soon after India midnight and at start-up; until it
   * has run, the "To collect" card recomputes stale figures itself. Accounts locked by a
   * money operation are skipped, not waited for: the operation refreshes them, and the next
   * run catches any other. Returns how many accounts were refreshed.
   */
  async function refreshOverdue(batchRows: number = overdueRefreshBatchRows): Promise<number> {
    const today = indiaDay(clock());
    let total = 0;
    for (;;) {
      const refreshed = await repository.refreshOverdueBatch(db, today, batchRows);
      total += refreshed;
      if (refreshed < batchRows) return total;
    }
  }

  return { pay, charge, repay, refund, reverse, openAccount, setLimit, deferDue, markReminded, refreshOverdue };
}

export type Ledger = ReturnType<typeof createLedger>;
