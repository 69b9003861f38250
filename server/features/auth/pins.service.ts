/**
 * PINs: peppered HMAC hashes and the attempt limits that make a 4-digit secret usable.
 * A slow hash would not help here (there are only 10,000 PINs); the secret pepper and
 * the lockout do (design.md §5).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lockedMessage } from '../../../common/errors';
import { pinAttemptsMax, pinLockBaseSeconds, pinLockMaxSeconds } from '../../../common/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as attempts from './pins.repository';

export interface PinHash {
  hash: string;
  keyVersion: number;
}

export interface PinKeys {
  peppers: ReadonlyMap<number, Buffer>;
  currentVersion: number;
}

export type PinCheck =
  | { outcome: 'correct'; needsRehash: boolean }
  | { outcome: 'wrong'; attemptsLeft: number };

export function createPinService(deps: { db: Db; clock: Clock; keys: PinKeys }) {
  const { db, clock, keys } = deps;

  function hmac(version: number, userId: string, pin: string): Buffer {
    const pepper = keys.peppers.get(version);
    if (!pepper) throw new Error(`No PIN pepper for key version ${version}`);
    return createHmac('sha256', pepper).update(`${userId}:${pin}`).digest();
  }

  function hashPin(userId: string, pin: string): PinHash {
    return { hash: hmac(keys.currentVersion, userId, pin).toString('hex'), keyVersion: keys.currentVersion };
  }

  function matches(stored: PinHash, userId: string, pin: string): boolean {
    const expected = Buffer.from(stored.hash, 'hex');
    const actual = hmac(stored.keyVersion, userId, pin);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  function refuseLocked(lockedUntil: Date): never {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - clock().getTime()) / 60_000));
    throw new AppError('account_locked', lockedMessage(minutes), { retryAfterMinutes: minutes });
  }

  /**
   * Checks a PIN under the attempt limit of `key`. Throws 429 while the key is locked,
   * without evaluating the PIN. `stored` is null for an unknown account: the attempt is
   * counted and refused exactly as a wrong PIN would be.
   */
  async function checkPin(key: string, stored: (PinHash & { userId: string }) | null, pin: string): Promise<PinCheck> {
    const now = clock();
    const reservation = await attempts.reserveAttempt(db, key, now);
    if (reservation.lockedUntil) refuseLocked(reservation.lockedUntil);
    if (reservation.failures > pinAttemptsMax) {
      // Concurrent guesses beyond the limit, while the one that locks is still running.
      refuseLocked(new Date(now.getTime() + pinLockBaseSeconds * 1000));
    }

    // An unknown account still costs one HMAC, so timing does not tell them apart.
    const correct = stored ? matches(stored, stored.userId, pin) : (hmac(keys.currentVersion, key, pin), false);
    if (correct) {
      await attempts.clearAttempts(db, key);
      return { outcome: 'correct', needsRehash: stored!.keyVersion !== keys.currentVersion };
    }
    if (reservation.failures >= pinAttemptsMax) {
      await attempts.lock(db, key, now, pinLockBaseSeconds, pinLockMaxSeconds);
    }
    return { outcome: 'wrong', attemptsLeft: Math.max(0, pinAttemptsMax - reservation.failures) };
  }

  return { hashPin, checkPin };
}

export type PinService = ReturnType<typeof createPinService>;

/** The attempt-counter key of an identifier: what the person typed, per role. */
export const attemptKey = (role: 'customer' | 'business' | 'admin', identifier: string): string =>
  `${role}:${identifier}`;
