/**
 * Repayment claims (docs/api.md, "Repayment claims"). A customer who paid the
 * merchant by UPI says so; Khata cannot see the bank, so the claim changes nothing owed
 * until a person at the shop confirms it, which writes the repayment through the ledger's
 * (server/ledger/ledger.ts repay, the row carrying that person) in the claim's own
 * transaction, or declines it with a reason; either decision is in the shop's audit log.
 */
import { randomUUID } from 'node:crypto';
import type { RepaymentClaim } from '@common/api/types';
import type { ClaimEventData } from '@common/schemas/events';
import { accountClaimListMax, claimListMax, pendingClaimsPerAccountMax } from '@common/limits';
import { formatRupees, toWireAmount, type Paise } from '@common/money';
import type { ClaimsQuery, ConfirmClaimBody, DeclineClaimBody, RepaymentClaimBody } from '@common/schemas/dues';
import { ledgerActor, type Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { inTransaction, sqlState, violatedConstraint, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import type { Ledger } from '../../ledger/ledger';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import type { TransactionService } from '../transactions/transactions.service';
import * as repository from './claims.repository';

export function claimView(row: repository.ClaimRow): RepaymentClaim {
  return {
    id: row.id,
    creditAccountId: row.creditAccountId,
    businessId: row.businessId,
    businessName: row.businessName,
    customerId: row.customerId,
    customerName: row.customerName,
    amount: toWireAmount(row.amountPaise),
    upiReference: row.upiReference,
    status: row.status,
    confirmedAmount: row.confirmedAmountPaise === null ? null : toWireAmount(row.confirmedAmountPaise),
    declineReason: row.declineReason,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const claimEvent = (claim: RepaymentClaim): ClaimEventData => ({
  claimId: claim.id,
  creditAccountId: claim.creditAccountId,
  businessId: claim.businessId,
  status: claim.status,
  amount: claim.amount,
  customerName: claim.customerName,
  businessName: claim.businessName,
});

/** A claim's repayment on the ledger: "UPI" and the reference, so the statement says how it was paid. */
const repaymentDescription = (upiReference: string | null) => (upiReference ? `UPI ${upiReference}` : 'UPI');

/** The refusal for deciding a claim that is no longer pending. */
function alreadyDecided(status: repository.ClaimStatus): AppError {
  return new AppError(status === 'confirmed' ? 'claim_already_confirmed' : 'claim_already_declined');
}

export function createClaimService(deps: {
  db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; credit: CreditService; transactions: TransactionService;
  events: EventService; audit: AuditService;
}) {
  const { db, clock, ledger, businesses, credit, transactions, events, audit } = deps;

  async function viewOf(id: string): Promise<RepaymentClaim> {
    const row = await repository.findById(db, id);
    assert(row, 'a repayment claim just written exists');
    return claimView(row);
  }

  /**
   * A customer's claim on their own account. Refused, in this order: not their account
   * (404, as an account that does not exist), no UPI ID at the shop, more than is owed now,
   * too many claims still pending, a reference already pending or confirmed at the shop.
   */
  async function create(customerId: string, accountId: string, body: RepaymentClaimBody): Promise<{ claim: RepaymentClaim }> {
    const id = randomUUID();
    const now = clock();
    try {
      await inTransaction(db, async (tx) => {
        const account = await repository.lockCustomerAccount(tx, customerId, accountId);
        if (!account) throw new AppError('credit_account_not_found');
        if (!account.upiVpa) throw new AppError('upi_id_missing');
        if (body.amount > account.owedPaise) throw new AppError('repayment_above_owed', { owed: formatRupees(account.owedPaise) });
        if (await repository.countPending(tx, account.id) >= pendingClaimsPerAccountMax) throw new AppError('too_many_pending_claims');
        await repository.insert(tx, {
          id, creditAccountId: account.id, businessId: account.businessId, customerId, amountPaise: body.amount,
          upiReference: body.upiReference ?? null, status: 'pending', createdAt: now,
        });
      });
    } catch (error) {
      if (sqlState(error) === '23505' && violatedConstraint(error) === repository.referenceConstraint) {
        throw new AppError('upi_reference_claimed');
      }
      throw error;
    }
    const claim = await viewOf(id);
    // After the commit, never inside the transaction (see events.service.ts): the merchant's screens only.
    events.publishClaim({ event: claimEvent(claim), customerId: null });
    return { claim };
  }

  /** An account's claims, newest first, to its customer or a person at its shop; anyone else 404. */
  async function listForAccount(viewer: { customerId: string } | Actor, accountId: string): Promise<{ claims: RepaymentClaim[] }> {
    const account = await repository.findAccountOf(
      db, accountId, 'customerId' in viewer ? { customerId: viewer.customerId } : { businessId: viewer.businessId },
    );
    if (!account) throw new AppError('credit_account_not_found');
    const rows = await repository.listForAccount(db, account.id, accountClaimListMax);
    return { claims: rows.map(claimView) };
  }

  /** The shop's claims, newest first: pending ones unless `status=all`. */
  async function listForBusiness(actor: Actor, query: ClaimsQuery): Promise<{ claims: RepaymentClaim[] }> {
    const status = (query.status ?? 'pending') === 'all' ? null : 'pending';
    const rows = await repository.listForBusiness(db, actor.businessId, status, claimListMax);
    return { claims: rows.map(claimView) };
  }

  /**
   * Confirms a claim, for the claimed amount or less, as one repayment. The claim's row is
   * locked first, so of any number of confirmations at once exactly one writes the
   * repayment and the others find it confirmed; the repayment itself is the ledger's
   * guarded decrease (khata_repay), so it never takes owed below zero, whatever payments,
   * refunds and cash repayments land meanwhile. The row carries the person who confirmed.
   */
  async function confirm(actor: Actor, claimId: string, body: ConfirmClaimBody) {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const transactionId = uuidv7(now.getTime());
    const decided = await inTransaction(db, async (tx) => {
      const claim = await repository.lockForBusiness(tx, business.id, claimId);
      if (!claim) throw new AppError('claim_not_found');
      if (claim.status !== 'pending') throw alreadyDecided(claim.status);
      const amountPaise = (body.amount ?? claim.amountPaise) as Paise;
      if (amountPaise > claim.amountPaise) throw new AppError('confirm_above_claimed', { claimed: formatRupees(claim.amountPaise) });
      const account = await ledger.repay(tx, {
        businessId: business.id, actor: ledgerActor(actor), accountId: claim.creditAccountId, amountPaise,
        description: repaymentDescription(claim.upiReference), now, transactionId,
      });
      if (!account) {
        const owedPaise = await repository.owedNow(tx, claim.creditAccountId);
        assert(owedPaise !== null, 'a claim\'s credit account exists');
        throw new AppError('confirm_above_owed', { owed: formatRupees(owedPaise) });
      }
      const marked = await repository.markConfirmed(tx, claim.id, { confirmedAmountPaise: amountPaise, transactionId, decidedAt: now });
      assert(marked, 'a claim locked while pending is still pending');
      await audit.record(tx, actor, { action: 'claim_confirmed', subject: claim.customerName, amountPaise });
      return { accountId: account.id, customerId: account.customerId };
    });
    // After the commit: the usual ledger event of a repayment, and the claim's news to both sides.
    events.publish({ id: transactionId, type: 'repayment', businessId: business.id, customerId: decided.customerId });
    const claim = await viewOf(claimId);
    events.publishClaim({ event: claimEvent(claim), customerId: decided.customerId });
    const creditAccount = await credit.viewForBusiness(db, business.id, decided.accountId);
    assert(creditAccount, 'the credit account just repaid exists');
    return { claim, transaction: await transactions.view(db, transactionId), creditAccount };
  }

  /** Declines a pending claim with the person's reason; nothing owed changes. */
  async function decline(actor: Actor, claimId: string, body: DeclineClaimBody): Promise<{ claim: RepaymentClaim }> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const customerId = await inTransaction(db, async (tx) => {
      const claim = await repository.lockForBusiness(tx, business.id, claimId);
      if (!claim) throw new AppError('claim_not_found');
      if (claim.status !== 'pending') throw alreadyDecided(claim.status);
      const marked = await repository.markDeclined(tx, claim.id, { declineReason: body.reason, decidedAt: now });
      assert(marked, 'a claim locked while pending is still pending');
      await audit.record(tx, actor, {
        action: 'claim_declined', subject: claim.customerName, amountPaise: claim.amountPaise, details: { reason: body.reason },
      });
      return claim.customerId;
    });
    const claim = await viewOf(claimId);
    events.publishClaim({ event: claimEvent(claim), customerId });
    return { claim };
  }

  return { create, listForAccount, listForBusiness, confirm, decline };
}

export type ClaimService = ReturnType<typeof createClaimService>;
