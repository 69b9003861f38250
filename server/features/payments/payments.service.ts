/**
 * Paying a merchant's QR code on credit. Amount, fee and business come from the server's
 * own rows (the amount from the customer only for a static code); the fee uses the rate
 * recorded on the code. Everything that moves money happens in one database
 * transaction, in one round trip: khata_pay (server/db/functions/khata_pay.sql) checks the
 * PIN under its attempt limit, claims the Idempotency-Key, consumes a dynamic code, makes
 * the guarded debit, writes the ledger row and the merchant's counters.
 */
import { createHash, randomInt } from 'node:crypto';
import type { QrValidation, TransactionView } from '@common/api/types';
import type { ErrorKey, ErrorParams } from '@common/errors';
import {
  idempotencyTtlSeconds, paymentPaiseMax, pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax,
} from '@common/limits';
import { feeFor, formatRupees, paise, toWireAmount, toWirePercent, type Paise } from '@common/money';
import type { ProcessPaymentBody } from '@common/schemas/payments';
import { addSeconds, type Clock } from '../../clock';
import { databaseError, OutcomeUnknownError, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { pinCounter, type PinService } from '../auth/pins.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import { counterSlots } from '../stats/stats.service';
import { tokenFromQrData, type QrService } from '../qr/qr.service';
import type { SessionService } from '../sessions/sessions.service';
import { uuidv7 } from '../../ids';
import * as repository from './payments.repository';

export interface PaymentResult { transaction: TransactionView }

/** Who pays: a session's token hash and its user, whose session khata_pay checks. */
export interface Payer { tokenHash: string; userId: string }

export function createPaymentService(deps: {
  db: Db; clock: Clock; pins: PinService; qr: QrService; credit: CreditService; events: EventService;
  sessions: SessionService;
}) {
  const { db, clock, pins, qr, credit, events, sessions } = deps;

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

  function paymentResult(row: repository.PaidRow & { availablePaise: Paise }): PaymentResult {
    return {
      transaction: {
        id: row.id,
        type: 'payment',
        amount: toWireAmount(row.amountPaise),
        fee: toWireAmount(row.feePaise),
        totalAmount: toWireAmount(row.totalPaise),
        status: 'completed',
        createdAt: new Date(row.createdAt).toISOString(),
        businessId: row.businessId,
        business: { businessName: row.businessName },
        customerName: row.customerName,
        description: row.description,
        availableCredit: toWireAmount(row.availablePaise),
      },
    };
  }

  /** An answer stored before receipts carried it lacks the available credit: the ledger row has it. */
  async function completed(row: repository.PaidRow): Promise<PaymentResult> {
    if (row.availablePaise !== undefined) return paymentResult({ ...row, availablePaise: row.availablePaise });
    return paymentResult({ ...row, availablePaise: await repository.availableAfter(db, row.id) });
  }

  /** The refusals khata_pay raises after the PIN check, as the errors the client reads. */
  function refusal(error: unknown): AppError | null {
    const raised = databaseError(error);
    if (raised?.code !== 'KH000') return null;
    const code = raised.message;
    const detail = Number(raised.detail);
    // khata_pay names its refusals by their catalogue keys; the detail is the shortfall.
    const refusals: Partial<Record<ErrorKey, () => ErrorParams>> = {
      idempotency_conflict: () => ({}),
      qr_not_found: () => ({}),
      qr_already_used: () => ({}),
      qr_expired: () => ({}),
      business_not_approved: () => ({}),
      amount_missing: () => ({}),
      amount_above_maximum: () => ({ maximum: formatRupees(paymentPaiseMax) }),
      no_credit_account: () => ({}),
      insufficient_credit: () => ({ shortfall: formatRupees(paise(detail)) }),
    };
    const params = Object.hasOwn(refusals, code) ? refusals[code as ErrorKey] : undefined;
    return params ? new AppError(code as ErrorKey, params()) : null;
  }

  /**
   * Pays: the PIN's HMAC is computed here (the pepper never reaches the database) and
   * everything else, the session check included, happens in one call of khata_pay, in one
   * transaction and one round trip.
   */
  async function process(payer: Payer, body: ProcessPaymentBody, idempotencyKey: string | undefined): Promise<PaymentResult> {
    const token = tokenFromQrData(body.qrData);
    if (!token) throw new AppError('qr_invalid');
    const now = clock();
    const renewal = sessions.idleRenewal();
    let outcome: repository.PayOutcome;
    try {
      outcome = await repository.pay(db, {
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
        idempotencyExpiresAt: addSeconds(now, idempotencyTtlSeconds),
        transactionId: uuidv7(now.getTime()),
        counterSlot: randomInt(counterSlots),
        pinAttemptsMax,
        lockBaseSeconds: pinLockSecondsBase,
        lockMaxSeconds: pinLockSecondsMax,
        paymentPaiseMax,
      });
    } catch (error) {
      // Sent, then the connection was lost: khata_pay may have committed. The client is
      // told so, and resending with the same Idempotency-Key gets the original answer.
      if (error instanceof OutcomeUnknownError) throw new AppError('payment_outcome_unknown');
      throw refusal(error) ?? error;
    }
    switch (outcome.outcome) {
      case 'not_signed_in':
        sessions.forget(payer.tokenHash);
        throw new AppError('not_signed_in');
      case 'forbidden':
        throw new AppError('forbidden');
      case 'locked':
        return pins.refuseLocked(new Date(outcome.lockedUntil));
      case 'pin_incorrect': {
        const left = outcome.attemptsLeft;
        throw new AppError('pin_incorrect', { attemptsLeft: left });
      }
      case 'replayed':
        return completed(outcome.payment);
      case 'paid':
        // The merchant's open screens refresh. The signal leaves after the commit, batched
        // with others off the payment's path; a lost one only delays a refresh (streams
        // replay from the ledger).
        events.publish({ id: outcome.payment.id, type: 'payment', businessId: outcome.payment.businessId, customerId: payer.userId });
        return completed(outcome.payment);
    }
  }

  return { validate, process };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
