/**
 * Registration after OTP verification: a customer, or a business that then waits for an
 * admin's approval. Both sign the new account in on the device that verified the phone.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Language } from '@common/languages';
import type { BusinessRegisterBody, CustomerRegisterBody } from '@common/schemas/identity';
import type { Clock } from '../../clock';
import { assert } from '../../assert';
import { inTransaction, sqlState, violatedConstraint, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { BusinessService } from '../businesses/businesses.service';
import type { OtpService } from '../otp/otp.service';
import type { SessionService } from '../sessions/sessions.service';
import type { StatsService } from '../stats/stats.service';
import * as repository from './auth.repository';
import { refuseWeakPin, type SignedIn } from './accounts';
import type { DeviceService } from './devices.service';
import type { PinService } from './pins.service';

const handleAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const handleLength = 8;

/** A payment handle such as `k7q2m9xa@khata` (docs/product.md#qr-codes). */
function newPaymentHandle(): string {
  let id = '';
  for (let i = 0; i < handleLength; i++) id += handleAlphabet[randomInt(handleAlphabet.length)];
  return `${id}@khata`;
}

/** A taken e-mail, whoever holds it (a business or an admin): one answer for both. */
const emailTaken = () => new AppError('email_taken');

/** Turns a unique violation from a registration race into the 409 a pre-check gives. */
function conflictFrom(error: unknown): AppError | null {
  if (sqlState(error) !== '23505') return null;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.includes('email')) return emailTaken();
  if (constraint.includes('phone')) return new AppError('phone_taken');
  return new AppError('already_exists');
}

export function createRegistrationService(deps: {
  db: Db; clock: Clock; pins: PinService; sessions: SessionService; devices: DeviceService; otp: OtpService;
  businesses: BusinessService; stats: StatsService;
}) {
  const { db, clock, pins, sessions, devices, otp, businesses, stats } = deps;

  /**
   * Registration checks the OTP proof before it looks for a duplicate: a caller without a
   * proof for the phone learns nothing about who has an account.
   */
  async function registerCustomer(body: CustomerRegisterBody, proofToken: string | undefined, deviceToken?: string): Promise<SignedIn> {
    refuseWeakPin(body.pin);
    await otp.requireProof(proofToken, body.phoneNumber, 'registration');
    if (await repository.findByPhone(db, 'customer', body.phoneNumber)) {
      throw new AppError('phone_taken');
    }
    const id = randomUUID();
    const pin = pins.hashPin(id, body.pin);
    try {
      const signedIn = await inTransaction(db, async (tx) => {
        await otp.consumeProof(tx, proofToken, body.phoneNumber, 'registration');
        await repository.insertUser(tx, {
          id, role: 'customer', name: body.name, phone: body.phoneNumber, email: null,
          pinHash: pin.hash, pinKeyVersion: pin.keyVersion, paymentHandle: newPaymentHandle(), createdAt: clock(),
        });
        await stats.bumpPlatform(tx, { customers: 1 });
        return { sessionToken: await sessions.start(tx, id), deviceToken: await devices.prove(tx, deviceToken, id) };
      });
      return { ...signedIn, user: { id, role: 'customer', name: body.name, phone: body.phoneNumber, email: null } };
    } catch (error) {
      throw conflictFrom(error) ?? error;
    }
  }

  /**
   * As for customers, the proof comes first. A proof for one phone could still be used to
   * test e-mails one by one, so each taken e-mail uses up one of its few tries.
   */
  async function registerBusiness(body: BusinessRegisterBody, proofToken: string | undefined, deviceToken?: string): Promise<SignedIn> {
    refuseWeakPin(body.pin);
    await otp.requireProof(proofToken, body.phoneNumber, 'registration');
    if (await repository.emailExists(db, body.email)) {
      await otp.countEmailConflict(proofToken!);
      throw emailTaken();
    }
    if (await repository.findByPhone(db, 'business', body.phoneNumber)) {
      throw new AppError('business_phone_taken');
    }
    const id = randomUUID();
    const pin = pins.hashPin(id, body.pin);
    const now = clock();
    try {
      const signedIn = await inTransaction(db, async (tx) => {
        await otp.consumeProof(tx, proofToken, body.phoneNumber, 'registration');
        await repository.insertUser(tx, {
          id, role: 'business', name: body.name, phone: body.phoneNumber, email: body.email,
          pinHash: pin.hash, pinKeyVersion: pin.keyVersion, createdAt: now,
        });
        // The account is its shop's first owner: its sessions act as that membership.
        const { memberId } = await businesses.createApplication(tx, {
          userId: id, contactName: body.name, businessName: body.businessName, businessType: body.businessType, address: body.address,
        });
        return { sessionToken: await sessions.start(tx, id, 'full', memberId), deviceToken: await devices.prove(tx, deviceToken, id) };
      });
      return { ...signedIn, user: { id, role: 'business', name: body.name, phone: body.phoneNumber, email: body.email } };
    } catch (error) {
      const conflict = conflictFrom(error);
      if (conflict?.code === 'email_taken') await otp.countEmailConflict(proofToken!);
      throw conflict ?? error;
    }
  }

  /**
   * The customer a shop signs up at its counter (docs/product.md#sms-approval), in the caller's
   * transaction, which holds their consent (the SMS code they read out). The customer already
   * registered with the phone keeps their PIN and now approves purchases by SMS code too, as
   * they just did; otherwise a new customer without a PIN (they sign in once they set one
   * through the OTP PIN reset), with a payment handle and counted as registration counts them.
   * Two sign-ups of one new number at once make one customer.
   */
  async function registerAtCounter(
    tx: Executor, person: { name: string; phoneNumber: string; language: Language },
  ): Promise<{ id: string; created: boolean }> {
    const id = randomUUID();
    const created = await repository.insertCustomerIfPhoneFree(tx, {
      id, role: 'customer', name: person.name, phone: person.phoneNumber, email: null, pinHash: null,
      pinKeyVersion: pins.currentKeyVersion, paymentHandle: newPaymentHandle(), language: person.language, smsApproval: true,
      createdAt: clock(),
    });
    if (created) {
      await stats.bumpPlatform(tx, { customers: 1 });
      return { id, created };
    }
    const existing = await repository.findByPhone(tx, 'customer', person.phoneNumber);
    assert(existing, 'a customer holds the phone a counter sign-up found taken');
    await repository.allowSmsApproval(tx, existing.id);
    return { id: existing.id, created };
  }

  return { registerCustomer, registerBusiness, registerAtCounter };
}
