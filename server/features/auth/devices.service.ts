/**
 * Trusted devices: a long-lived, HttpOnly cookie that a device earns when an account
 * proves itself on it (an OTP to the account's phone at registration or PIN reset, or
 * the right PIN at sign-in). Sign-ins from a trusted device count on the account's own
 * PIN counter, so a stranger who knows only a phone number or e-mail, and so can fill
 * the anonymous counter, cannot lock the owner out of the devices they already use.
 * Signing out ends the trust: a device is trusted by an account only while it holds a
 * session of that account, so a shared phone its owner signed out of cannot lock them.
 */
import { deviceTrustTtlSeconds, deviceTokenLengthMax } from '@common/limits';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { hashToken, newToken } from '../../tokens';
import * as repository from './devices.repository';


export function createDeviceService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Does this device (its cookie, if any) trust the account? Null: an unknown account. */
  async function trusts(deviceToken: string | undefined, userId: string | null): Promise<boolean> {
    if (!deviceToken || deviceToken.length > deviceTokenLengthMax) return false;
    const userIds = await repository.trustingUserIds(db, hashToken(deviceToken), clock());
    return userId !== null && userIds.includes(userId);
  }

  /**
   * Records that the account proved itself on this device; returns the device's token,
   * a new one when it had none that this server knows. The caller sets it as a cookie.
   */
  async function prove(tx: Executor, deviceToken: string | undefined, userId: string): Promise<string> {
    const now = clock();
    // A token is kept only if this server issued it (some account trusts it), so nobody
    // can plant a value of their choosing in someone's browser and then know it.
    const known = deviceToken !== undefined && deviceToken.length <= deviceTokenLengthMax
      && (await repository.trustingUserIds(tx, hashToken(deviceToken), now)).length > 0;
    const token = known ? deviceToken : newToken();
    await repository.trust(tx, { tokenHash: hashToken(token), userId, provedAt: now, expiresAt: addSeconds(now, deviceTrustTtlSeconds) });
    return token;
  }

  /** After a PIN change or reset only the device that made it stays trusted. */
  const forgetOthers = (tx: Executor, userId: string, keepDeviceToken: string) =>
    repository.forgetOthers(tx, userId, hashToken(keepDeviceToken));

  /** A customer froze their Khata ("not me"): no device of theirs is trusted any more. */
  const forgetAll = (tx: Executor, userId: string) => repository.forgetAll(tx, userId);

  /**
   * Ends a device's trust for one account (not for others on it): signing out there, or
   * the device becoming a shop's counter.
   */
  async function forgetWithin(tx: Executor, deviceToken: string | undefined, userId: string): Promise<void> {
    if (!deviceToken || deviceToken.length > deviceTokenLengthMax) return;
    await repository.forget(tx, userId, hashToken(deviceToken));
  }
  const forget = (deviceToken: string | undefined, userId: string) => forgetWithin(db, deviceToken, userId);

  return { trusts, prove, forget, forgetWithin, forgetOthers, forgetAll };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
