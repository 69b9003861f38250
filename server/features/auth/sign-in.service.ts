/** Sign-in by PIN for every role, who the signed-in user is, and the shop a staff session picks. */
import type * as z from 'zod/mini';
import type { BusinessProfile, MeResponse, Role } from '@common/api/types';
import type { Language } from '@common/languages';
import type { ErrorKey } from '@common/errors';
import { mayDo, rolePermissions, type ShopRole } from '@common/permissions';
import type { staffShops } from '@common/schemas/responses';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken } from '../../tokens';
import { businessProfile, type BusinessService } from '../businesses/businesses.service';
import type { Session, SessionService, SessionShop, SessionUser } from '../sessions/sessions.service';
import * as repository from './auth.repository';
import { counterView, signsInByPhone, userView, type SignedIn } from './accounts';
import type { DeviceService } from './devices.service';
import { pinCounter, type PinService } from './pins.service';

export type StaffShops = z.output<typeof staffShops>;

/** Sign-in refusals: the same answer for a wrong PIN and an unknown account, so a sign-in tells no one who has one. */
const invalidCredentials = {
  customer: 'invalid_credentials', business: 'invalid_business_credentials', admin: 'invalid_admin_credentials',
  staff: 'invalid_credentials',
} as const satisfies Record<Role, ErrorKey>;

export function createSignInService(deps: {
  db: Db; pins: PinService; sessions: SessionService; devices: DeviceService; businesses: BusinessService;
}) {
  const { db, pins, sessions, devices, businesses } = deps;

  /**
   * The membership a new session of the account acts as: a business account's own (its
   * shop's founding owner); a staff account's one shop, or none until it picks one of several.
   */
  async function shopOnSignIn(account: { id: string; role: Role }): Promise<string | null> {
    if (account.role !== 'business' && account.role !== 'staff') return null;
    const shops = await sessions.shopsOf(account.id);
    return shops.length === 1 ? shops[0]!.memberId : null;
  }

  /**
   * Sign-in by PIN. A wrong PIN and an unknown account get the same answer. From a device
   * the account trusts the PIN counts on the account's own counter, so strangers filling
   * the anonymous one cannot lock the owner out of it. A customer who froze their Khata
   * ("not me" on a payment report) is refused until the OTP PIN reset unfreezes it. A
   * staff account is one of its own (role 'staff', by phone), so its counters are never
   * the owner's nor a customer's of the same phone.
   */
  async function login(role: Role, identifier: string, pin: string, deviceToken?: string): Promise<SignedIn> {
    const account = signsInByPhone(role)
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
    const memberId = await shopOnSignIn(account);
    const signedIn = await inTransaction(db, async (tx) => {
      if (check.needsRehash) {
        const fresh = pins.hashPin(account.id, pin);
        await repository.updatePin(tx, account.id, fresh.hash, fresh.keyVersion);
      }
      return {
        sessionToken: await sessions.start(tx, account.id, 'full', memberId),
        deviceToken: await devices.prove(tx, deviceToken, account.id),
      };
    });
    return { ...signedIn, user: userView(account) };
  }

  /**
   * The shop's profile as a person of that role sees it: the e-mail is the founding owner's
   * sign-in, which only a role that may change the shop's settings is shown.
   */
  const shopProfileFor = (role: ShopRole, profile: BusinessProfile): BusinessProfile =>
    (mayDo(role, 'settings') ? profile : { ...profile, email: '' });

  /**
   * Who the session is: for a shop's person, the shop it acts for with the role's
   * permissions (the web opens only those screens) and that shop's profile.
   */
  async function me(user: SessionUser): Promise<MeResponse> {
    if (user.role === 'counter') return counterMe(user);
    const [language, business] = await Promise.all([
      repository.languageOf(db, user.id),
      user.shop ? businesses.findById(user.shop.businessId) : null,
    ]);
    return {
      user: userView(user),
      business: business && shopProfileFor(user.shop!.role, businessProfile(business)),
      shop: user.shop && { ...user.shop, permissions: [...rolePermissions[user.shop.role]] },
      language,
    };
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

  /** A counter session sees the shop's name and the language of who opened it, nothing more. */
  async function counterMe(user: SessionUser): Promise<MeResponse> {
    if (!user.shop) throw new AppError('business_not_found');
    return {
      user: counterView(user.id, user.shop.businessName),
      business: null,
      shop: null,
      language: await repository.languageOf(db, user.id),
    };
  }

  /** Saves the user's language choice: it follows them to every phone they sign in on. */
  async function setLanguage(user: SessionUser, language: Language): Promise<{ language: Language }> {
    await repository.setLanguage(db, user.id, language);
    return { language };
  }

  /** The shops a staff account works at, for its picker. */
  async function staffShops(user: SessionUser): Promise<StaffShops> {
    const shops = await sessions.shopsOf(user.id);
    return { shops: shops.map(({ memberId, businessId, businessName, role }) => ({ memberId, businessId, businessName, role })) };
  }

  /**
   * The staff session acts for another of its person's shops from now on; 404
   * staff_member_not_found for a membership not theirs or no longer active.
   */
  async function pickShop(session: Session, memberId: string): Promise<MeResponse> {
    const shop: SessionShop | undefined = (await sessions.shopsOf(session.user.id)).find((one) => one.memberId === memberId);
    if (!shop) throw new AppError('staff_member_not_found');
    await sessions.pickShop(session.tokenHash, memberId);
    return me({ ...session.user, shop });
  }

  return { login, me, signOut, setLanguage, staffShops, pickShop };
}
