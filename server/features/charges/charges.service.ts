/**
 * Charges approved by SMS code (docs/product.md#sms-approval): a merchant starts a purchase on
 * one of their accounts; the customer, who turned this approval on, gets its amount, fee and
 * a 6-digit code by SMS and reads the code out; the merchant types it and the purchase is paid.
 * This feature checks the shop, the customer and the hourly codes, sends the SMS and names the
 * outcomes; the code's rules at confirmation and the payment itself are the ledger's, in one
 * call of khata_charge (server/ledger/functions/khata_charge.sql).
 */
import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import type { BusinessCreditAccount, TransactionView } from '@common/api/types';
import { defaultLanguage } from '@common/languages';
import { paymentPaiseMax, smsCodeAttemptsMax, smsCodeTtlSeconds } from '@common/limits';
import { feeFor, formatRupees, paise, toWireAmount, type Paise } from '@common/money';
import type { ChargeBody, SmsCodeBody } from '@common/schemas/invitations';
import type { chargeView } from '@common/schemas/responses';
import { ledgerActor, type Actor } from '../../actor';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, OutcomeUnknownError, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import type { ChargeOutcome, Ledger } from '../../ledger/ledger';
import type { SmsService } from '../../sms/sms.service';
import { smsAmount, smsVariable } from '../../sms/templates';
import { pinCounter } from '../auth/pins.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import type { TransactionService } from '../transactions/transactions.service';
import * as repository from './charges.repository';
import { codeHash, newCode, refuseNewCode } from './sms-codes';

export type ChargeView = z.output<typeof chargeView>;
export interface ChargePaid { transaction: TransactionView; creditAccount: BusinessCreditAccount }

/**
 * What an Idempotency-Key stands for: the charge and the code typed. The same key with
 * either changed is another request (idempotency_conflict).
 */
const requestHash = (chargeId: string, body: SmsCodeBody) =>
  createHash('sha256').update(JSON.stringify(['charge', chargeId, body.code])).digest('hex');

export function createChargeService(deps: {
  db: Db; clock: Clock; ledger: Ledger; sms: SmsService;
  /** The key the codes' HMACs are made with: the OTP key, derived from the pepper. */
  codeKey: Buffer;
  businesses: BusinessService; credit: CreditService; transactions: TransactionService; events: EventService;
}) {
  const { db, clock, ledger, sms, codeKey, businesses, credit, transactions, events } = deps;

  /**
   * Starts a charge on one of the merchant's accounts and sends its code to the customer.
   * Refused before any SMS: an account not the shop's (404), a frozen Khata (403), a customer
   * who has not turned SMS approval on (409), an amount above the maximum or whose total
   * with the fee at the shop's rate now is more than the customer can spend (422), a number
   * whose codes from this shop were made void too often today, and a number sent its codes
   * for the hour by any shop (429, sms-codes.ts). The amount, fee and rate are fixed here;
   * when no vendor takes the SMS the charge is taken back (503).
   */
  async function start(actor: Actor, accountId: string, body: ChargeBody): Promise<{ charge: ChargeView }> {
    const business = await businesses.requireApproved(actor);
    const account = await repository.chargeableAccount(db, business.id, accountId);
    if (!account) throw new AppError('credit_account_not_found');
    if (account.frozen) throw new AppError('customer_frozen', { customerName: account.customerName });
    if (!account.smsApproval) throw new AppError('sms_approval_off', { customerName: account.customerName });
    if (body.amount > paymentPaiseMax) throw new AppError('amount_above_maximum', { maximum: formatRupees(paymentPaiseMax) });
    const fee = feeFor(body.amount, business.feeBasisPoints);
    const total: Paise = paise(body.amount + fee);
    // As khata_debit says it: what the total is above what the limit leaves.
    const shortfall = account.owedPaise + total - account.limitPaise;
    if (shortfall > 0) throw new AppError('insufficient_credit', { shortfall: formatRupees(paise(shortfall)) });
    assert(account.phone, 'a customer with a credit account has a phone');

    const now = clock();
    const id = uuidv7(now.getTime());
    const code = newCode();
    const row = {
      id, businessId: business.id, creditAccountId: account.id, customerId: account.customerId, toPhone: account.phone,
      amountPaise: body.amount, feePaise: fee, feeBasisPoints: business.feeBasisPoints, note: body.note || null,
      codeHash: codeHash(codeKey, 'charge', id, code), createdAt: now, expiresAt: addSeconds(now, smsCodeTtlSeconds),
    };
    await inTransaction(db, async (tx) => {
      await refuseNewCode(tx, { kind: 'charge', businessId: business.id, phone: row.toPhone }, now);
      await repository.insertCharge(tx, row);
    });

    const language = account.language ?? defaultLanguage;
    try {
      await sms.sendNow({
        to: account.phone, language, template: 'charge',
        variables: {
          shop: smsVariable(business.businessName), amount: smsAmount(body.amount, language), fee: smsAmount(fee, language),
          total: smsAmount(total, language), otp: code,
        },
      }, { purpose: 'charge', businessId: business.id, secret: code });
    } catch (error) {
      await repository.deleteCharge(db, id);
      throw error;
    }
    return {
      charge: {
        id, creditAccountId: account.id, customerName: account.customerName, amount: toWireAmount(body.amount),
        fee: toWireAmount(fee), totalAmount: toWireAmount(total), note: row.note, status: 'pending',
        attemptsLeft: smsCodeAttemptsMax, expiresAt: row.expiresAt.toISOString(),
      },
    };
  }

  /** The ledger's answer to a code, or its refusal as the error the client reads. */
  async function confirmInLedger(input: Parameters<Ledger['charge']>[0]): Promise<Extract<ChargeOutcome, { transactionId: string }>> {
    let outcome: ChargeOutcome;
    try {
      outcome = await ledger.charge(input);
    } catch (error) {
      // Sent, then the connection was lost: khata_charge may have committed. Resending with
      // the same Idempotency-Key gets the original answer.
      if (error instanceof OutcomeUnknownError) throw new AppError('payment_outcome_unknown');
      throw error;
    }
    if (outcome.outcome === 'sms_code_incorrect') throw new AppError('sms_code_incorrect', { attemptsLeft: outcome.attemptsLeft });
    if (outcome.outcome === 'sms_code_void') throw new AppError('sms_code_void');
    return outcome;
  }

  /**
   * Confirms a charge with the code the customer read out: the payment is made at the
   * charge's amount, fee and rate (khata_charge has the rules). A wrong code counts against
   * the charge's tries even though it is refused. The payment is recorded as the person's who
   * typed the code (charges are not bound by a person's limits: the customer approved them). A retry with the same Idempotency-Key and
   * code gets the same payment, found afresh.
   */
  async function confirm(actor: Actor, chargeId: string, body: SmsCodeBody, idempotencyKey: string | undefined): Promise<ChargePaid> {
    const business = await businesses.requireApproved(actor);
    const customerId = await repository.chargeCustomerId(db, business.id, chargeId);
    if (customerId === null) throw new AppError('charge_not_found');
    const now = clock();
    const done = await confirmInLedger({
      businessId: business.id, actor: ledgerActor(actor), chargeId, codeHash: codeHash(codeKey, 'charge', chargeId, body.code),
      attemptKey: pinCounter.account(customerId), idempotencyKey: idempotencyKey ?? null,
      requestHash: requestHash(chargeId, body), transactionId: uuidv7(now.getTime()), now,
    });
    if (done.outcome === 'paid') {
      // After the commit, as a payment by PIN is told (payments.service.ts): both sides' open
      // screens refresh, and the receipt is the ledger row.
      events.publish({ id: done.transactionId, type: 'payment', businessId: business.id, customerId: done.customerId });
    }
    const creditAccount = await credit.viewForBusiness(db, business.id, done.accountId);
    assert(creditAccount, 'the credit account of a charge just paid exists');
    return { transaction: await transactions.view(db, done.transactionId), creditAccount };
  }

  return { start, confirm };
}

export type ChargeService = ReturnType<typeof createChargeService>;
