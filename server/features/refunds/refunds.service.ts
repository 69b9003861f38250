/**
 * Refunds of payments and reversals of mistaken cash repayments, by a person at the shop
 * with their own PIN (docs/product.md#refunds-and-reports). The rules and the money are the
 * ledger's (server/ledger/ledger.ts: khata_refund, khata_reverse: the person's PIN, their
 * limits and the row's attribution), in one transaction and one round trip; this feature
 * checks that the business is approved, hashes the PIN, names the outcome and tells both
 * sides' open screens after the commit.
 */
import { createHash } from 'node:crypto';
import type { BusinessCreditAccount, TransactionView } from '@common/api/types';
import type { RefundBody, ReversalBody } from '@common/schemas/refunds';
import { ledgerActor, type Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { uuidv7 } from '../../ids';
import type { Ledger, PinRefusal } from '../../ledger/ledger';
import { AppError } from '../../errors';
import { pinCounter, type PinService } from '../auth/pins.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import type { ReportService } from '../reports/reports.service';
import type { TransactionService } from '../transactions/transactions.service';

export interface RefundResult { transaction: TransactionView; payment: TransactionView; creditAccount: BusinessCreditAccount }
export interface ReversalResult { transaction: TransactionView; repayment: TransactionView; creditAccount: BusinessCreditAccount }

/**
 * What an Idempotency-Key stands for: the shop, the payment, the amount, the reason and the
 * report. The same key with any of them changed is another request (idempotency_conflict).
 * Stored answers are kept per account, and one staff account works at several shops: the
 * shop keeps a key used at one from replaying its answer at another.
 */
const requestHash = (businessId: string, paymentId: string, body: RefundBody) => createHash('sha256')
  .update(JSON.stringify(['refund', businessId, paymentId, body.amount, body.reason, body.reportId ?? null])).digest('hex');

export function createRefundService(deps: {
  db: Db; clock: Clock; ledger: Ledger; pins: PinService; businesses: BusinessService; transactions: TransactionService;
  credit: CreditService; events: EventService; reports: ReportService;
}) {
  const { db, clock, ledger, pins, businesses, transactions, credit, events, reports } = deps;

  /** A wrong PIN or a locked one, as the errors the client reads (the payments' own). */
  function refusePin(refusal: PinRefusal): never {
    if (refusal.outcome === 'locked') return pins.refuseLocked(new Date(refusal.lockedUntil));
    throw new AppError('pin_incorrect', { attemptsLeft: refusal.attemptsLeft });
  }

  async function accountView(businessId: string, accountId: string): Promise<BusinessCreditAccount> {
    const account = await credit.viewForBusiness(db, businessId, accountId);
    assert(account, 'the credit account of a ledger row just written exists');
    return account;
  }

  /**
   * Refunds goods of one of the business's payments, wholly or in part; the fee share on
   * them goes back too. A retry with the same Idempotency-Key and body gets the same
   * refund, found afresh (the payment's refunded amount as it is now). The PIN is the
   * acting person's own, and so is the count of wrong attempts.
   */
  async function refund(actor: Actor, paymentId: string, body: RefundBody, idempotencyKey: string | undefined): Promise<RefundResult> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const outcome = await ledger.refund({
      businessId: business.id, actor: ledgerActor(actor), paymentId, amountPaise: body.amount, reason: body.reason,
      reportId: body.reportId ?? null,
      pinHashes: pins.candidateHashes(actor.userId, body.pin), attemptKey: pinCounter.account(actor.userId),
      idempotencyKey: idempotencyKey ?? null, requestHash: requestHash(business.id, paymentId, body), transactionId: uuidv7(now.getTime()), now,
    });
    if (outcome.outcome !== 'refunded' && outcome.outcome !== 'replayed') return refusePin(outcome);
    if (outcome.outcome === 'refunded') {
      // After the commit, never inside the transaction (see events.service.ts).
      events.publish({ id: outcome.refundId, type: 'refund', businessId: business.id, customerId: outcome.customerId });
      if (body.reportId) await reports.announceRefunded(body.reportId);
    }
    return {
      transaction: await transactions.view(db, outcome.refundId),
      payment: await transactions.view(db, outcome.paymentId),
      creditAccount: await accountView(business.id, outcome.accountId),
    };
  }

  /**
   * Reverses a cash repayment the merchant recorded by mistake: what is owed rises back by
   * its amount, even above the credit limit. A second reversal of it is refused, so it
   * needs no Idempotency-Key.
   */
  async function reverse(actor: Actor, repaymentId: string, body: ReversalBody): Promise<ReversalResult> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const outcome = await ledger.reverse({
      businessId: business.id, actor: ledgerActor(actor), repaymentId, reason: body.reason,
      pinHashes: pins.candidateHashes(actor.userId, body.pin), attemptKey: pinCounter.account(actor.userId),
      transactionId: uuidv7(now.getTime()), now,
    });
    if (outcome.outcome !== 'reversed') return refusePin(outcome);
    events.publish({ id: outcome.reversalId, type: 'reversal', businessId: business.id, customerId: outcome.customerId });
    return {
      transaction: await transactions.view(db, outcome.reversalId),
      repayment: await transactions.view(db, outcome.repaymentId),
      creditAccount: await accountView(business.id, outcome.accountId),
    };
  }

  return { refund, reverse };
}

export type RefundService = ReturnType<typeof createRefundService>;
