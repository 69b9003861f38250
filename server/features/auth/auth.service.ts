/**
 * Accounts and sign-in: registration after OTP verification, PIN sign-in for the three
 * roles, the current user, sign-out and PIN changes. No Fastify here.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { MeResponse, Role, UserView } from '@common/api-types';
import type { ErrorKey } from '@common/errors';
import type {
  BusinessRegisterBody, ChangePinBody, CustomerRegisterBody, ResetPinBody, UnlockBody,
} from '@common/schemas/identity';
import { isWeakPin } from '@common/weak-pins';
import type { Clock } from '../../clock';
import { inTransaction, sqlState, violatedConstraint, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { businessProfile, type BusinessService } from '../businesses/businesses.service';
import type { OtpService } from '../otp/otp.service';
import type { StatsService } from '../stats/stats.service';
import * as repository from './auth.repository';
import type { DeviceService } from './devices.service';
import { pinCounter, type PinService } from './pins.service';
import type { Session, SessionService, SessionUser } from './sessions.service';

export interface SignedIn {
  sessionToken: string;
  user: UserView;
  /** The device's trust token, for its HttpOnly cookie; never sent in a body. */
  deviceToken: string;
}

const handleAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const handleLength = 8;

/** A payment handle such as `k7q2m9xa@khata` (design.md §4). */
function newPaymentHandle(): string {
  let id = '';
  for (let i = 0; i < handleLength; i++) id += handleAlphabet[randomInt(handleAlphabet.length)];
  return `${id}@khata`;
}

function refuseWeakPin(pin: string): void {
  if (isWeakPin(pin)) throw new AppError('weak_pin');
}

/** A taken e-mail, whoever holds it (a business or an admin): one answer for both. */
/** Sign-in refusals: the same answer for a wrong PIN and an unknown account (spec §8). */
const invalidCredentials = {
  customer: 'invalid_credentials', business: 'invalid_business_credentials', admin: 'invalid_admin_credentials',
} as const satisfies Record<Role, ErrorKey>;

const emailTaken = () => new AppError('email_taken');

/** Turns a unique violation from a registration race into the 409 a pre-check gives. */
function conflictFrom(error: unknown): AppError | null {
  if (sqlState(error) !== '23505') return null;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.includes('email')) return emailTaken();
  if (constraint.includes('phone')) return new AppError('phone_taken');
  return new AppError('already_exists');
}

/** What a person types to sign in: the phone for customers, the e-mail otherwise. */
const signInIdentifier = (account: { role: Role; phone: string | null; email: string | null; id: string }) =>
  (account.role === 'customer' ? account.phone : account.email) ?? account.id;

export const userView = (user: SessionUser): UserView =>
  ({ id: user.id, role: user.role, name: user.name, phone: user.phone, email: user.email });

export function createAuthService(deps: {
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
        await businesses.createApplication(tx, {
          userId: id, businessName: body.businessName, businessType: body.businessType, address: body.address,
        });
        return { sessionToken: await sessions.start(tx, id), deviceToken: await devices.prove(tx, deviceToken, id) };
      });
      return { ...signedIn, user: { id, role: 'business', name: body.name, phone: body.phoneNumber, email: body.email } };
    } catch (error) {
      const conflict = conflictFrom(error);
      if (conflict?.code === 'email_taken') await otp.countEmailConflict(proofToken!);
      throw conflict ?? error;
    }
  }

  /**
   * Sign-in by PIN. A wrong PIN and an unknown account get the same answer. From a device
   * the account trusts the PIN counts on the account's own counter, so strangers filling
   * the anonymous one cannot lock the owner out of it.
   */
  async function login(role: Role, identifier: string, pin: string, deviceToken?: string): Promise<SignedIn> {
    const account = role === 'customer'
      ? await repository.findByPhone(db, role, identifier)
      : await repository.findByEmail(db, role, identifier);
    // Asked whether or not the account exists, so a device cookie does not time its existence.
    const trusted = await devices.trusts(deviceToken, account?.id ?? null);
    const counter = account && trusted ? pinCounter.account(account.id) : pinCounter.signIn(role, identifier);
    const check = await pins.checkPin(
      counter, account && { userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion }, pin,
    );
    if (check.outcome === 'wrong' || !account) {
      throw new AppError(invalidCredentials[role]);
    }
    const signedIn = await inTransaction(db, async (tx) => {
      if (check.needsRehash) {
        const fresh = pins.hashPin(account.id, pin);
        await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      }
      return { sessionToken: await sessions.start(tx, account.id), deviceToken: await devices.prove(tx, deviceToken, account.id) };
    });
    return { ...signedIn, user: userView(account) };
  }

  async function me(user: SessionUser): Promise<MeResponse> {
    if (user.role !== 'business') return { user: userView(user), business: null };
    const business = await businesses.findOwn(user.id);
    return { user: userView(user), business: business && businessProfile(business) };
  }

  /**
   * Changes the PIN of the signed-in user, signs out every other session and forgets
   * every other trusted device. The PIN counts on the account's own counter.
   */
  async function changePin(session: Session, body: ChangePinBody, deviceToken?: string): Promise<string> {
    if (body.newPin !== body.confirmPin) {
      throw new AppError('pin_confirmation_mismatch');
    }
    if (body.newPin === body.currentPin) {
      throw new AppError('same_pin');
    }
    refuseWeakPin(body.newPin);
    const { user } = session;
    const account = await repository.findById(db, user.id);
    if (!account) throw new AppError('session_gone');
    const check = await pins.checkPin(
      pinCounter.account(account.id), { userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion }, body.currentPin,
    );
    if (check.outcome === 'wrong') {
      const left = check.attemptsLeft;
      throw new AppError('current_pin_incorrect', { attemptsLeft: left });
    }
    const fresh = pins.hashPin(account.id, body.newPin);
    return inTransaction(db, async (tx) => {
      await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      await sessions.revokeOthers(tx, account.id, session.tokenHash);
      const device = await devices.prove(tx, deviceToken, account.id);
      await devices.forgetOthers(tx, account.id, device);
      return device;
    });
  }

  /** Lifts both PIN counters of an account: the anonymous one of its identifier and its own. */
  async function clearPinCounters(tx: Executor, role: Role, identifier: string, userId: string | undefined): Promise<boolean> {
    const anonymous = await pins.clearAttempts(tx, pinCounter.signIn(role, identifier));
    const own = userId !== undefined && await pins.clearAttempts(tx, pinCounter.account(userId));
    return anonymous || own;
  }

  /**
   * Sets a new PIN for the account registered with a phone, after an OTP to that phone:
   * the way back in for someone who forgot the PIN or is locked out. It lifts both locks,
   * signs out every session and leaves this device the only trusted one: the OTP proved
   * it holds the phone. Returns the device's token.
   */
  async function resetPin(body: ResetPinBody, proofToken: string | undefined, deviceToken?: string): Promise<string> {
    if (body.newPin !== body.confirmPin) throw new AppError('pin_confirmation_mismatch');
    refuseWeakPin(body.newPin);
    return inTransaction(db, async (tx) => {
      await otp.consumeProof(tx, proofToken, body.phoneNumber, 'pin_reset');
      const account = await repository.findByPhone(tx, body.role, body.phoneNumber);
      if (!account) throw new AppError('reset_account_not_found', { role: body.role });
      const fresh = pins.hashPin(account.id, body.newPin);
      await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      await clearPinCounters(tx, body.role, signInIdentifier(account), account.id);
      await sessions.revokeOthers(tx, account.id);
      const device = await devices.prove(tx, deviceToken, account.id);
      await devices.forgetOthers(tx, account.id, device);
      return device;
    });
  }

  /**
   * An admin lifts the PIN locks of an identifier (a phone for customers, an e-mail
   * otherwise): the anonymous counter and, if the account exists, its own.
   */
  async function unlock(body: UnlockBody): Promise<boolean> {
    const account = body.role === 'customer'
      ? await repository.findByPhone(db, body.role, body.identifier)
      : await repository.findByEmail(db, body.role, body.identifier);
    return inTransaction(db, (tx) => clearPinCounters(tx, body.role, body.identifier, account?.id));
  }

  /**
   * Creates an admin, or sets the PIN of an existing one: running it twice leaves the
   * same state. Used by the CLI and by the development start-up.
   */
  async function ensureAdmin(email: string, pin: string, name = 'Administrator'): Promise<'created' | 'updated'> {
    refuseWeakPin(pin);
    const existing = await repository.findByEmail(db, 'admin', email);
    if (existing) {
      const fresh = pins.hashPin(existing.id, pin);
      // Setting a PIN from the command line is how a locked-out admin gets back in.
      await inTransaction(db, async (tx) => {
        await repository.updatePin(tx, existing.id, fresh.hash, fresh.keyVersion);
        await clearPinCounters(tx, 'admin', email, existing.id);
      });
      return 'updated';
    }
    if (await repository.emailExists(db, email)) {
      throw new AppError('email_taken_by_business', { email });
    }
    const id = randomUUID();
    const hashed = pins.hashPin(id, pin);
    await inTransaction(db, async (tx) => {
      await repository.insertUser(tx, {
        id, role: 'admin', name, phone: null, email, pinHash: hashed.hash, pinKeyVersion: hashed.keyVersion, createdAt: clock(),
      });
      // Wrong sign-ins to this e-mail before the admin existed must not lock the new admin.
      await clearPinCounters(tx, 'admin', email, id);
    });
    return 'created';
  }

  /**
   * Creates an admin unless one with this e-mail exists; false when it does, also when
   * another process made it a moment ago (two processes starting together), whose PIN
   * then stays as that process printed it.
   */
  async function createAdminIfAbsent(email: string, pin: string, name: string): Promise<boolean> {
    refuseWeakPin(pin);
    if (await repository.findByEmail(db, 'admin', email)) return false;
    const id = randomUUID();
    const hashed = pins.hashPin(id, pin);
    try {
      await inTransaction(db, (tx) => repository.insertUser(tx, {
        id, role: 'admin', name, phone: null, email, pinHash: hashed.hash, pinKeyVersion: hashed.keyVersion, createdAt: clock(),
      }));
    } catch (error) {
      if (sqlState(error) === '23505' && await repository.findByEmail(db, 'admin', email)) return false;
      throw error;
    }
    return true;
  }

  const anyAdminExists = () => repository.anyAdminExists(db);

  return {
    registerCustomer, registerBusiness, login, me, changePin, resetPin, unlock, ensureAdmin, createAdminIfAbsent, anyAdminExists,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
