/**
 * Sign-ups at the counter (docs/product.md#sms-approval): a customer with a basic phone asks
 * the shop for credit; the merchant types their name, number and limit, the customer gets a
 * 6-digit code by SMS that says what it opens and that its purchases are approved by SMS code,
 * and reads it out as their consent. The right code opens the account, for the customer
 * registered with the number or for a new customer without a PIN, and turns their approval
 * by SMS code on. The codes follow the charges' rules (sms-codes.ts, khata_code_outcome).
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { BusinessCreditAccount } from '@common/api/types';
import { smsCodeAttemptsMax, smsCodeTtlSeconds } from '@common/limits';
import { toWireAmount } from '@common/money';
import type { NewCustomerBody, SmsCodeBody } from '@common/schemas/invitations';
import type { enrolmentView } from '@common/schemas/responses';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { uuidv7 } from '../../ids';
import type { Ledger } from '../../ledger/ledger';
import type { SmsService } from '../../sms/sms.service';
import { smsAmount, smsVariable } from '../../sms/templates';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import type { StatsService } from '../stats/stats.service';
import * as repository from './charges.repository';
import { codeHash, newCode, refuseNewCode } from './sms-codes';

export type EnrolmentView = z.output<typeof enrolmentView>;
export interface EnrolmentDone { customerName: string; creditAccount: BusinessCreditAccount }

/** Where a code stands once its sign-up is locked: refused, wrong (counted), or right. */
type Checked = { outcome: 'opened'; accountId: string; name: string } | { outcome: 'incorrect'; attemptsLeft: number } | { outcome: 'void' };

export function createEnrolmentService(deps: {
  db: Db; clock: Clock; ledger: Ledger; sms: SmsService;
  /** The key the codes' HMACs are made with: the OTP key, derived from the pepper. */
  codeKey: Buffer;
  auth: AuthService; businesses: BusinessService; credit: CreditService; stats: StatsService; audit: AuditService;
}) {
  const { db, clock, ledger, sms, codeKey, auth, businesses, credit, stats, audit } = deps;

  /**
   * Starts a sign-up and sends its code, in `body.language`. Refused before any SMS: a
   * limit above the shop's maximum (422), a number whose customer already has an account
   * here (409, as adding them by payment handle says), a number whose codes from this shop
   * were made void too often today, and a number sent this shop's codes for the hour (429,
   * sms-codes.ts); when no vendor takes the SMS the sign-up is taken back (503).
   */
  async function start(actor: Actor, body: NewCustomerBody): Promise<{ enrolment: EnrolmentView }> {
    const business = await businesses.requireApproved(actor);
    businesses.refuseAboveMaximum(business, body.creditLimit);
    const holder = await repository.accountHolderByPhone(db, business.id, body.phoneNumber);
    if (holder !== null) throw new AppError('credit_account_exists', { customerName: holder });

    const now = clock();
    const id = uuidv7(now.getTime());
    const code = newCode();
    const expiresAt = addSeconds(now, smsCodeTtlSeconds);
    await inTransaction(db, async (tx) => {
      await refuseNewCode(tx, { kind: 'enrol', businessId: business.id, phone: body.phoneNumber }, now);
      await repository.insertEnrolment(tx, {
        id, businessId: business.id, phone: body.phoneNumber, name: body.name, limitPaise: body.creditLimit,
        language: body.language, codeHash: codeHash(codeKey, 'enrol', id, code), createdAt: now, expiresAt,
      });
    });
    try {
      await sms.sendNow({
        to: body.phoneNumber, language: body.language, template: 'enrol',
        variables: { shop: smsVariable(business.businessName), limit: smsAmount(body.creditLimit, body.language), otp: code },
      }, { purpose: 'enrol', businessId: business.id, secret: code });
    } catch (error) {
      await repository.deleteEnrolment(db, id);
      throw error;
    }
    return {
      enrolment: {
        id, name: body.name, phone: body.phoneNumber, creditLimit: toWireAmount(body.creditLimit),
        attemptsLeft: smsCodeAttemptsMax, expiresAt: expiresAt.toISOString(),
      },
    };
  }

  /**
   * Confirms a sign-up with the code the customer read out, under the sign-up's lock, by the
   * rule a charge's code follows too (khata_code_outcome): one used (409), void after too many
   * wrong codes or expired (422) is refused; a wrong code is counted and committed before it
   * is refused (400, or 422 at the last try). The right one opens the account at the limit
   * typed, in one transaction with its audit line (the person who confirmed it): for the customer registered with the number (who keeps their
   * PIN), else for a new customer without one. The answer names the customer as the merchant
   * typed them either way, so it tells the shop nothing of who had Khata already.
   */
  async function confirm(actor: Actor, enrolmentId: string, body: SmsCodeBody): Promise<EnrolmentDone> {
    const business = await businesses.requireApproved(actor);
    const now = clock();
    const typed = { codeHash: codeHash(codeKey, 'enrol', enrolmentId, body.code), now, attemptsMax: smsCodeAttemptsMax };
    const checked = await inTransaction(db, async (tx): Promise<Checked> => {
      const enrolment = await repository.lockEnrolment(tx, business.id, enrolmentId, typed);
      if (!enrolment) throw new AppError('enrolment_not_found');
      switch (enrolment.outcome) {
        case 'sms_code_used':
        case 'sms_code_void':
        case 'sms_code_expired':
          throw new AppError(enrolment.outcome);
        case 'voided':
          await repository.countWrongEnrolmentCode(tx, enrolment.id, true, now);
          return { outcome: 'void' };
        case 'incorrect':
          await repository.countWrongEnrolmentCode(tx, enrolment.id, false, now);
          return { outcome: 'incorrect', attemptsLeft: smsCodeAttemptsMax - enrolment.attempts - 1 };
        case 'correct':
          break;
      }
      const customer = await auth.registerAtCounter(tx, { name: enrolment.name, phoneNumber: enrolment.phone, language: enrolment.language });
      const accountId = randomUUID();
      const opened = await ledger.openAccount(tx, {
        id: accountId, customerId: customer.id, businessId: business.id, limitPaise: enrolment.limitPaise, now,
      });
      // The customer got an account here by another way since the code went: this sign-up opens none.
      if (!opened) throw new AppError('credit_account_exists', { customerName: enrolment.name });
      await stats.bumpPlatform(tx, { creditAccounts: 1, creditLimitPaise: enrolment.limitPaise });
      await repository.markEnrolmentUsed(tx, enrolment.id, { customerId: customer.id, creditAccountId: accountId, now });
      await audit.record(tx, actor, { action: 'counter_signup', subject: enrolment.name, amountPaise: enrolment.limitPaise });
      return { outcome: 'opened', accountId, name: enrolment.name };
    });
    if (checked.outcome === 'incorrect') throw new AppError('sms_code_incorrect', { attemptsLeft: checked.attemptsLeft });
    if (checked.outcome === 'void') throw new AppError('sms_code_void');
    const creditAccount = await credit.viewForBusiness(db, business.id, checked.accountId);
    assert(creditAccount, 'the credit account a sign-up just opened exists');
    return { customerName: checked.name, creditAccount };
  }

  return { start, confirm };
}

export type EnrolmentService = ReturnType<typeof createEnrolmentService>;
