/**
 * Paying a merchant's QR code on credit. Amount, fee and business come from the server's
 * own rows (the amount from the customer only for a static code); the fee uses the rate
 * recorded on the code. Everything that moves money happens in one database
 * transaction, in one round trip, through the ledger (server/ledger/ledger.ts pay):
 * khata_pay (server/ledger/functions/khata_pay.sql) checks the session and the PIN under
 * its attempt limit, claims the Idempotency-Key, consumes a dynamic code, makes the
 * guarded debit, writes the ledger row and the merchant's counters.
 */
import { createHash } from 'node:crypto';
import type { QrValidation, TransactionView } from '@common/api/types';
import { refundDaysMax } from '@common/limits';
import { feeFor, paise, toWireAmount, toWirePercent } from '@common/money';
import type { ProcessPaymentBody } from '@common/schemas/payments';
import { addSeconds, type Clock } from '../../clock';
import { OutcomeUnknownError } from '../../db/client';
import { AppError } from '../../errors';
import type { Ledger, PaidRow, PayOutcome } from '../../ledger/ledger';
import { pinCounter, type PinService } from '../auth/pins.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import { tokenFromQrData, type QrService } from '../qr/qr.service';
import type { SessionService } from '../sessions/sessions.service';
import type { TransactionService } from '../transactions/transactions.service';
import { uuidv7 } from '../../ids';

export interface PaymentResult { transaction: TransactionView }

const daySeconds = 24 * 60 * 60;

/** khata_pay's answer with everything a receipt shows, as it answers now. */
type CompleteRow = PaidRow & Required<Pick<PaidRow, 'availablePaise' | 'businessAddress' | 'businessPhone'>>;

const isComplete = (row: PaidRow): row is CompleteRow =>
  row.availablePaise !== undefined && row.businessAddress !== undefined && row.businessPhone !== undefined;

/** Who pays: a session's token hash and its user, whose session khata_pay checks. */
export interface Payer { tokenHash: string; userId: string }

export function createPaymentService(deps: {
  clock: Clock; ledger: Ledger; pins: PinService; qr: QrService; credit: CreditService; events: EventService;
  sessions: SessionService; transactions: TransactionService;
}) {
  const { clock, ledger, pins, qr, credit, events, sessions, transactions } = deps;

  async function validate(customerId: string, qrData: string): Promise<QrValidation> {
    const code = await qr.resolvePayable(qrData);
    const available = await credit.availableWith(customerId, code.businessId);
    if (available === null) throw new AppError('no_credit_account');
    const rate = code.feeBasisPoints;
    return {
      qrCode: { isDynamic: code.amountPaise !== null, description: code.description },
      business: { id: code.businessId, name: code.businessName, feePercent: toWirePercent(rate) },
      ...(code.amountPaise !== null ? {
        payment: { amount: toWireAmount(code.amountPaise), fee: toWireAmount(feeFor(code.amountPaise, rate)) },
      } : {}),
      creditAccount: { currentBalance: toWireAmount(available) },
    };
  }

  const requestHash = (body: ProcessPaymentBody) =>
    createHash('sha256').update(JSON.stringify([body.qrData.trim(), body.amount ?? null])).digest('hex');

  /**
   * The receipt of a payment as khata_pay answered it, without another query: a payment
   * just made has nothing refunded and can be refunded for refundDaysMax days.
   */
  function paymentResult(row: CompleteRow): PaymentResult {
    const createdAt = new Date(row.createdAt);
    return {
      transaction: {
        id: row.id,
        type: 'payment',
        amount: toWireAmount(row.amountPaise),
        fee: toWireAmount(row.feePaise),
        totalAmount: toWireAmount(row.totalPaise),
        status: 'completed',
        createdAt: createdAt.toISOString(),
        businessId: row.businessId,
        business: { businessName: row.businessName, address: row.businessAddress, phone: row.businessPhone },
        customerName: row.customerName,
        description: row.description,
        availableCredit: toWireAmount(row.availablePaise),
        originalId: null,
        reason: null,
        refunded: toWireAmount(paise(0)),
        refundedFee: toWireAmount(paise(0)),
        refundableUntil: addSeconds(createdAt, refundDaysMax * daySeconds).toISOString(),
        reversibleUntil: null,
        reversed: false,
        report: null,
        // Paid with the customer's PIN; a charge approved by SMS code is answered by the charges feature.
        bySmsCode: false,
        // The customer's receipt names the shop, never a person at it.
        by: null,
      },
    };
  }

  /**
   * An answer stored before receipts carried the available credit, or the shop's address and
   * phone: the ledger row, as the histories show it now.
   */
  async function completed(row: PaidRow, customerId: string): Promise<PaymentResult> {
    if (isComplete(row)) return paymentResult(row);
    return { transaction: await transactions.findOwn({ customerId }, row.id) };
  }

  /**
   * Pays: the PIN's HMAC is computed here (the pepper never reaches the database) and
   * everything else, the session check included, happens in one call of khata_pay through
   * the ledger, in one transaction and one round trip.
   */
  async function process(payer: Payer, body: ProcessPaymentBody, idempotencyKey: string | undefined): Promise<PaymentResult> {
    const token = tokenFromQrData(body.qrData);
    if (!token) throw new AppError('qr_invalid');
    const now = clock();
    const renewal = sessions.idleRenewal();
    let outcome: PayOutcome;
    try {
      outcome = await ledger.pay({
        tokenHash: payer.tokenHash,
        sessionIdleExpiresAt: renewal.idleExpiresAt,
        sessionTouchSeconds: renewal.touchSeconds,
        customerId: payer.userId,
        attemptKey: pinCounter.account(payer.userId),
        pinHashes: pins.candidateHashes(payer.userId, body.pin),
        qrToken: token,
        amountPaise: body.amount ?? null,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: requestHash(body),
        now,
        transactionId: uuidv7(now.getTime()),
      });
    } catch (error) {
      // Sent, then the connection was lost: khata_pay may have committed. The client is
      // told so, and resending with the same Idempotency-Key gets the original answer.
      if (error instanceof OutcomeUnknownError) throw new AppError('payment_outcome_unknown');
      throw error;
    }
    switch (outcome.outcome) {
      case 'not_signed_in':
        sessions.forget(payer.tokenHash);
        throw new AppError('not_signed_in');
      case 'forbidden':
        throw new AppError('forbidden');
      case 'account_frozen':
        throw new AppError('account_frozen');
      case 'locked':
        return pins.refuseLocked(new Date(outcome.lockedUntil));
      case 'pin_incorrect': {
        const left = outcome.attemptsLeft;
        throw new AppError('pin_incorrect', { attemptsLeft: left });
      }
      case 'replayed':
        return completed(outcome.payment, payer.userId);
      case 'paid':
        // The merchant's open screens refresh. The signal leaves after the commit, batched
        // with others off the payment's path; a lost one only delays a refresh (streams
        // replay from the ledger).
        events.publish({ id: outcome.payment.id, type: 'payment', businessId: outcome.payment.businessId, customerId: payer.userId });
        return completed(outcome.payment, payer.userId);
    }
  }

  return { validate, process };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
