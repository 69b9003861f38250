/** Sign-in by PIN for the three roles, and who the signed-in user is. */
import type { MeResponse, Role } from '@common/api/types';
import type { Language } from '@common/languages';
import type { ErrorKey } from '@common/errors';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken } from '../../tokens';
import { businessProfile, type BusinessService } from '../businesses/businesses.service';
import type { SessionService, SessionUser } from '../sessions/sessions.service';
import * as repository from './auth.repository';
import { counterView, userView, type SignedIn } from './accounts';
import type { DeviceService } from './devices.service';
import { pinCounter, type PinService } from './pins.service';

/** Sign-in refusals: the same answer for a wrong PIN and an unknown account, so a sign-in tells no one who has one. */
const invalidCredentials = {
  customer: 'invalid_credentials', business: 'invalid_business_credentials', admin: 'invalid_admin_credentials',
} as const satisfies Record<Role, ErrorKey>;

export function createSignInService(deps: {
  db: Db; pins: PinService; sessions: SessionService; devices: DeviceService; businesses: BusinessService;
}) {
  const { db, pins, sessions, devices, businesses } = deps;

  /**
   * Sign-in by PIN. A wrong PIN and an unknown account get the same answer. From a device
   * the account trusts the PIN counts on the account's own counter, so strangers filling
   * the anonymous one cannot lock the owner out of it. A customer who froze their Khata
   * ("not me" on a payment report) is refused until the OTP PIN reset unfreezes it.
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
    // Told only after the right PIN, so the answer says nothing to someone guessing it
    // (docs/product.md#refunds-and-reports, "Freezing").
    if (account.frozenAt) throw new AppError('account_frozen');
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
    if (user.role === 'counter') return counterMe(user);
    const [language, business] = await Promise.all([
      repository.languageOf(db, user.id),
      user.role === 'business' ? businesses.findOwn(user.id) : null,
    ]);
    return { user: userView(user), business: business && businessProfile(business), language };
  }

  /**
   * Ends the session and this device's trust for the account (docs/security.md, "Who can
   * lock whom"), also for a session already over: a sign-out held while the phone was
   * offline may arrive after it expired, and the device must still stop being trusted.
   */
  async function signOut(token: string, deviceToken: string | undefined): Promise<void> {
    const userId = await sessions.ownerOf(token);
    if (!userId) return;
    await sessions.revoke(hashToken(token));
    await devices.forget(deviceToken, userId);
  }

  /** A counter session sees the shop's name and the merchant's language, nothing more. */
  async function counterMe(user: SessionUser): Promise<MeResponse> {
    const business = await businesses.findOwn(user.id);
    if (!business) throw new AppError('business_not_found');
    return {
      user: counterView(user.id, business.businessName),
      business: null,
      language: await repository.languageOf(db, user.id),
    };
  }

  /** Saves the user's language choice: it follows them to every phone they sign in on. */
  async function setLanguage(user: SessionUser, language: Language): Promise<{ language: Language }> {
    await repository.setLanguage(db, user.id, language);
    return { language };
  }

  return { login, me, signOut, setLanguage };
}
