/**
 * Accounts and sign-in: registration after OTP verification, PIN sign-in for the three
 * roles, the current user, sign-out and PIN changes. No Fastify here.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { MeResponse, Role, UserView } from '../../../common/api-types';
import { invalidCredentialsMessage, weakPinMessage } from '../../../common/errors';
import type {
  BusinessRegisterBody, ChangePinBody, CustomerRegisterBody, ResetPinBody, UnlockBody,
} from '../../../common/schemas/identity';
import { isWeakPin } from '../../../common/weak-pins';
import type { Clock } from '../../clock';
import { inTransaction, sqlState, violatedConstraint, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { businessProfile, type BusinessService } from '../businesses/businesses.service';
import type { OtpService } from '../otp/otp.service';
import type { StatsService } from '../stats/stats.service';
import * as repository from './auth.repository';
import { attemptKey, type PinService } from './pins.service';
import type { Session, SessionService, SessionUser } from './sessions.service';

export interface SignedIn {
  sessionToken: string;
  user: UserView;
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
  if (isWeakPin(pin)) throw new AppError('weak_pin', weakPinMessage);
}

/** Turns a unique violation from a registration race into the 409 a pre-check gives. */
function conflictFrom(error: unknown): AppError | null {
  if (sqlState(error) !== '23505') return null;
  const constraint = violatedConstraint(error) ?? '';
  if (constraint.includes('email')) return new AppError('email_taken', 'An account with this email already exists');
  if (constraint.includes('phone')) return new AppError('phone_taken', 'An account with this phone number already exists');
  return new AppError('already_exists', 'This account already exists');
}

export const userView = (user: SessionUser): UserView =>
  ({ id: user.id, role: user.role, name: user.name, phone: user.phone, email: user.email });

export function createAuthService(deps: {
  db: Db; clock: Clock; pins: PinService; sessions: SessionService; otp: OtpService;
  businesses: BusinessService; stats: StatsService;
}) {
  const { db, clock, pins, sessions, otp, businesses, stats } = deps;

  async function registerCustomer(body: CustomerRegisterBody, proofToken: string | undefined): Promise<SignedIn> {
    refuseWeakPin(body.pin);
    if (await repository.findByPhone(db, 'customer', body.phoneNumber)) {
      throw new AppError('phone_taken', 'An account with this phone number already exists');
    }
    const id = randomUUID();
    const pin = pins.hashPin(id, body.pin);
    try {
      const sessionToken = await inTransaction(db, async (tx) => {
        await otp.consumeProof(tx, proofToken, body.phoneNumber, 'registration');
        await repository.insertUser(tx, {
          id, role: 'customer', name: body.name, phone: body.phoneNumber, email: null,
          pinHash: pin.hash, pinKeyVersion: pin.keyVersion, paymentHandle: newPaymentHandle(), createdAt: clock(),
        });
        await stats.bumpPlatform(tx, { customers: 1 });
        return sessions.start(tx, id);
      });
      return { sessionToken, user: { id, role: 'customer', name: body.name, phone: body.phoneNumber, email: null } };
    } catch (error) {
      throw conflictFrom(error) ?? error;
    }
  }

  async function registerBusiness(body: BusinessRegisterBody, proofToken: string | undefined): Promise<SignedIn> {
    refuseWeakPin(body.pin);
    if (await repository.emailExists(db, body.email)) {
      throw new AppError('email_taken', 'An account with this email already exists');
    }
    if (await repository.findByPhone(db, 'business', body.phoneNumber)) {
      throw new AppError('phone_taken', 'A business with this phone number already exists');
    }
    const id = randomUUID();
    const pin = pins.hashPin(id, body.pin);
    const now = clock();
    try {
      const sessionToken = await inTransaction(db, async (tx) => {
        await otp.consumeProof(tx, proofToken, body.phoneNumber, 'registration');
        await repository.insertUser(tx, {
          id, role: 'business', name: body.name, phone: body.phoneNumber, email: body.email,
          pinHash: pin.hash, pinKeyVersion: pin.keyVersion, createdAt: now,
        });
        await businesses.createApplication(tx, {
          userId: id, businessName: body.businessName, businessType: body.businessType, address: body.address,
        });
        return sessions.start(tx, id);
      });
      return { sessionToken, user: { id, role: 'business', name: body.name, phone: body.phoneNumber, email: body.email } };
    } catch (error) {
      throw conflictFrom(error) ?? error;
    }
  }

  /** Sign-in by PIN. A wrong PIN and an unknown account get the same answer. */
  async function login(role: Role, identifier: string, pin: string): Promise<SignedIn> {
    const account = role === 'customer'
      ? await repository.findByPhone(db, role, identifier)
      : await repository.findByEmail(db, role, identifier);
    const check = await pins.checkPin(
      attemptKey(role, identifier), account && { userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion }, pin,
    );
    if (check.outcome === 'wrong' || !account) {
      throw new AppError('invalid_credentials', invalidCredentialsMessage[role]);
    }
    const sessionToken = await inTransaction(db, async (tx) => {
      if (check.needsRehash) {
        const fresh = pins.hashPin(account.id, pin);
        await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      }
      return sessions.start(tx, account.id);
    });
    return { sessionToken, user: userView(account) };
  }

  async function me(user: SessionUser): Promise<MeResponse> {
    if (user.role !== 'business') return { user: userView(user), business: null };
    const business = await businesses.findOwn(user.id);
    return { user: userView(user), business: business && businessProfile(business) };
  }

  /** Changes the PIN of the signed-in user and signs out every other session. */
  async function changePin(session: Session, body: ChangePinBody): Promise<void> {
    if (body.newPin !== body.confirmPin) {
      throw new AppError('invalid_input', 'New PIN and confirmation do not match');
    }
    if (body.newPin === body.currentPin) {
      throw new AppError('same_pin', 'New PIN must be different from current PIN');
    }
    refuseWeakPin(body.newPin);
    const { user } = session;
    const account = await repository.findById(db, user.id);
    if (!account) throw new AppError('not_signed_in', 'Please sign in again');
    const identifier = (user.role === 'customer' ? account.phone : account.email) ?? account.id;
    const check = await pins.checkPin(
      attemptKey(user.role, identifier), { userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion }, body.currentPin,
    );
    if (check.outcome === 'wrong') {
      const left = check.attemptsLeft;
      throw new AppError('pin_incorrect', `Current PIN is incorrect. ${left} attempt${left === 1 ? '' : 's'} left.`, { attemptsLeft: left });
    }
    const fresh = pins.hashPin(account.id, body.newPin);
    await inTransaction(db, async (tx) => {
      await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      await sessions.revokeOthers(tx, account.id, session.tokenHash);
    });
  }

  /**
   * Sets a new PIN for the account registered with a phone, after an OTP to that phone:
   * the way back in for someone who forgot the PIN or is locked out. It lifts the lock
   * and signs out every session.
   */
  async function resetPin(body: ResetPinBody, proofToken: string | undefined): Promise<void> {
    if (body.newPin !== body.confirmPin) throw new AppError('invalid_input', 'New PIN and confirmation do not match');
    refuseWeakPin(body.newPin);
    await inTransaction(db, async (tx) => {
      await otp.consumeProof(tx, proofToken, body.phoneNumber, 'pin_reset');
      const account = await repository.findByPhone(tx, body.role, body.phoneNumber);
      if (!account) throw new AppError('not_found', `No ${body.role === 'customer' ? 'customer' : 'business'} account uses this phone number`);
      const fresh = pins.hashPin(account.id, body.newPin);
      await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      await pins.clearAttempts(tx, attemptKey(body.role, (body.role === 'customer' ? account.phone : account.email) ?? account.id));
      await sessions.revokeOthers(tx, account.id);
    });
  }

  /** An admin lifts the PIN lock of an identifier (a phone for customers, an e-mail otherwise). */
  async function unlock(body: UnlockBody): Promise<boolean> {
    return inTransaction(db, (tx) => pins.clearAttempts(tx, attemptKey(body.role, body.identifier)));
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
      await inTransaction(db, (tx) => repository.updatePin(tx, existing.id, fresh.hash, fresh.keyVersion));
      return 'updated';
    }
    if (await repository.emailExists(db, email)) {
      throw new AppError('email_taken', `${email} already belongs to a business account`);
    }
    const id = randomUUID();
    const hashed = pins.hashPin(id, pin);
    await inTransaction(db, (tx) => repository.insertUser(tx, {
      id, role: 'admin', name, phone: null, email, pinHash: hashed.hash, pinKeyVersion: hashed.keyVersion, createdAt: clock(),
    }));
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
