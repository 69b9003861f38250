/**
 * Paying a merchant's QR code on credit. Amount, fee and business come from the server's
 * own rows (the amount from the customer only for a static code); the fee uses the rate
 * recorded on the code. Everything that moves money happens in one database
 * transaction: consume a dynamic code, a guarded debit, the ledger row, the merchant's
 * counters and the idempotency answer.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { QrValidation, TransactionView } from '../../../common/api-types';
import { paymentMaxPaise } from '../../../common/limits';
import { feeFor, formatRupees, toWireAmount, toWirePercent, type BasisPoints, type Paise } from '../../../common/money';
import type { ProcessPaymentBody } from '../../../common/schemas/payments';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { PinService } from '../auth/pins.service';
import { attemptKey } from '../auth/pins.service';
import type { CreditService } from '../credit/credit.service';
import type { QrService, ResolvedQr } from '../qr/qr.service';
import type { SessionUser } from '../auth/sessions.service';
import type { StatsService } from '../stats/stats.service';
import type { TransactionService } from '../transactions/transactions.service';
import * as repository from './payments.repository';

/** How long a payment's answer is kept for retries with the same Idempotency-Key. */
const idempotencyTtlSeconds = 24 * 60 * 60;

export interface PaymentResult { transaction: TransactionView }

export function createPaymentService(deps: {
  db: Db; clock: Clock; pins: PinService; qr: QrService; credit: CreditService; transactions: TransactionService;
  stats: StatsService; loadPinHash: (userId: string) => Promise<{ hash: string; keyVersion: number } | null>;
}) {
  const { db, clock, pins, qr, credit, transactions, stats, loadPinHash } = deps;

  function amountFor(code: ResolvedQr, requested: Paise | null | undefined): Paise {
    const amount = code.amountPaise !== null ? code.amountPaise as Paise : requested;
    if (!amount) throw new AppError('invalid_input', 'Please enter a valid amount');
    if (amount > paymentMaxPaise) {
      throw new AppError('amount_above_maximum', `A payment cannot be more than ${formatRupees(paymentMaxPaise as Paise)}`);
    }
    return amount;
  }

  async function validate(customerId: string, qrData: string): Promise<QrValidation> {
    const code = await qr.resolvePayable(qrData);
    const available = await credit.availableWith(customerId, code.businessId);
    if (available === null) throw new AppError('no_credit_account', 'You do not have a credit account with this business');
    const rate = code.feeBasisPoints as BasisPoints;
    return {
      qrCode: { isDynamic: code.amountPaise !== null, description: code.description },
      business: { id: code.businessId, name: code.businessName, feePercent: toWirePercent(rate) },
      ...(code.amountPaise !== null ? {
        payment: { amount: toWireAmount(code.amountPaise as Paise), fee: toWireAmount(feeFor(code.amountPaise as Paise, rate)) },
      } : {}),
      creditAccount: { currentBalance: toWireAmount(available) },
    };
  }

  const requestHash = (body: ProcessPaymentBody) =>
    createHash('sha256').update(JSON.stringify([body.qrData.trim(), body.amount ?? null])).digest('hex');

  async function replay(customerId: string, key: string, hash: string): Promise<PaymentResult | null> {
    const stored = await repository.findKey(db, customerId, key);
    if (!stored) return null;
    if (stored.requestHash !== hash) {
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used for a different payment');
    }
    return JSON.parse(stored.response) as PaymentResult;
  }

  async function process(user: SessionUser, body: ProcessPaymentBody, idempotencyKey: string | undefined): Promise<PaymentResult> {
    const hash = requestHash(body);
    if (idempotencyKey) {
      const earlier = await replay(user.id, idempotencyKey, hash);
      if (earlier) return earlier;
    }

    const stored = await loadPinHash(user.id);
    const check = await pins.checkPin(attemptKey('customer', user.phone ?? user.id), stored && { ...stored, userId: user.id }, body.pin);
    if (check.outcome === 'wrong') {
      const left = check.attemptsLeft;
      throw new AppError('pin_incorrect', `Incorrect PIN. ${left} attempt${left === 1 ? '' : 's'} left.`, { attemptsLeft: left });
    }

    const code = await qr.resolvePayable(body.qrData);
    const amount = amountFor(code, body.amount);
    const rate = code.feeBasisPoints as BasisPoints;
    const fee = feeFor(amount, rate);
    const total = (amount + fee) as Paise;
    const transactionId = randomUUID();

    const outcome = await inTransaction(db, async (tx) => {
      const now = clock();
      if (idempotencyKey) {
        const claimed = await repository.claimKey(tx, {
          customerId: user.id, key: idempotencyKey, requestHash: hash, statusCode: 201, response: '',
          createdAt: now, expiresAt: addSeconds(now, idempotencyTtlSeconds),
        });
        if (!claimed) return { replayed: true as const };
      }
      if (code.amountPaise !== null) await qr.consumeDynamic(tx, code);
      const account = await credit.debit(tx, user.id, code.businessId, total);
      await transactions.record(tx, {
        id: transactionId, type: 'payment', creditAccountId: account.id, customerId: user.id, businessId: code.businessId,
        amountPaise: amount, feePaise: fee, feeBasisPoints: rate, totalPaise: total,
        limitPaiseAfter: account.limitPaise, owedPaiseAfter: account.owedPaise, qrCodeId: code.id,
        description: code.description, createdAt: now,
      });
      await stats.bumpBusiness(tx, code.businessId, { revenuePaise: amount, payments: 1, creditIssuedPaise: total });
      const result: PaymentResult = { transaction: await transactions.view(tx, transactionId) };
      if (idempotencyKey) await repository.storeAnswer(tx, user.id, idempotencyKey, JSON.stringify(result));
      return { replayed: false as const, result };
    });

    if (outcome.replayed) {
      const earlier = await replay(user.id, idempotencyKey!, hash);
      if (!earlier) throw new Error('idempotency key claimed by another request but no answer stored');
      return earlier;
    }
    return outcome.result;
  }

  return { validate, process };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
