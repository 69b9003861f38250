/**
 * PINs: peppered HMAC hashes and the attempt limits that make a 4-digit secret usable.
 * A slow hash would not help here (there are only 10,000 PINs); the secret pepper and
 * the lockout do (docs/product.md#pins, docs/security.md#who-can-lock-whom).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@common/api/types';
import { pinAttemptsMax, pinLockSecondsBase, pinLockSecondsMax } from '@common/limits';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
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

/** An account's PIN as stored; `hash` is null until a customer signed up at a counter sets one. */
export interface StoredPin {
  userId: string;
  hash: string | null;
  keyVersion: number;
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

  function refuseLocked(lockedUntil: Date): never {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - clock().getTime()) / 60_000));
    throw new AppError('account_locked', { retryAfterMinutes: minutes });
  }

  /**
   * Checks a PIN under the attempt limit of `key`, by the rule every PIN check runs
   * (khata_check_pin in khata_rules.sql). Throws 429 while the key is locked, without evaluating the PIN.
   * `stored` is null for an unknown account, and its hash null for a customer signed up at a
   * shop's counter who has set no PIN yet: either attempt is counted and refused exactly as a
   * wrong PIN would be, after the same one HMAC, so timing does not tell them apart.
   * Evaluations of one key are serialised by a lock on the key, so concurrent guesses
   * cannot pass the limit.
   */
  async function checkPin(key: string, stored: StoredPin | null, pin: string): Promise<PinCheck> {
    const version = stored?.keyVersion ?? keys.currentVersion;
    const entered = hmac(version, stored?.userId ?? key, pin).toString('hex');
    const result = await attempts.checkAttempt(db, {
      key, storedHash: stored?.hash ?? null, storedVersion: version, pinHashes: { [String(version)]: entered }, now: clock(),
      attemptsMax: pinAttemptsMax, lockBaseSeconds: pinLockSecondsBase, lockMaxSeconds: pinLockSecondsMax,
    });
    switch (result.outcome) {
      case 'locked':
        return refuseLocked(new Date(result.lockedUntil));
      case 'pin_incorrect':
        return { outcome: 'wrong', attemptsLeft: result.attemptsLeft };
      case 'correct':
        return { outcome: 'correct', needsRehash: version !== keys.currentVersion };
    }
  }

  /** The HMAC of an entered PIN under every pepper version, for checks done in SQL. */
  function candidateHashes(userId: string, pin: string): Record<string, string> {
    return Object.fromEntries([...keys.peppers.keys()].map((version) => [String(version), hmac(version, userId, pin).toString('hex')]));
  }

  /**
   * Whether `pin` is the stored PIN of an account, counting nothing: only to choose which of
   * several accounts' PINs a check then runs on (checkPin counts and locks), never to admit.
   */
  function matches(stored: StoredPin, pin: string): boolean {
    if (stored.hash === null || !keys.peppers.has(stored.keyVersion)) return false;
    const expected = Buffer.from(stored.hash, 'hex');
    const entered = hmac(stored.keyVersion, stored.userId, pin);
    return expected.length === entered.length && timingSafeEqual(expected, entered);
  }

  /** Lifts the lock of a key (PIN reset, admin unlock); true if there was anything to lift. */
  const clearAttempts = (tx: Executor, key: string) => attempts.clear(tx, key);

  /**
   * Lifts every PIN counter of an account: the anonymous one of its identifier, its own,
   * and its counter device's exit.
   */
  async function clearCounters(tx: Executor, role: Role, identifier: string, userId: string | undefined): Promise<boolean> {
    const anonymous = await clearAttempts(tx, pinCounter.signIn(role, identifier));
    const own = userId !== undefined && await clearAttempts(tx, pinCounter.account(userId));
    const counterExit = userId !== undefined && await clearAttempts(tx, pinCounter.counterExit(userId));
    return anonymous || own || counterExit;
  }

  /** The pepper version a new hash is made with, recorded also on an account that has no PIN yet. */
  const currentKeyVersion = keys.currentVersion;

  return { hashPin, checkPin, matches, candidateHashes, refuseLocked, clearAttempts, clearCounters, currentKeyVersion };
}

export type PinService = ReturnType<typeof createPinService>;

/**
 * The three PIN attempt counters of an account, the one place their keys are made
 * (docs/security.md, "Who can lock whom"). Each allows `pinAttemptsMax` wrong PINs per
 * lock window, so an account sees at most three times that many evaluations per window.
 * - `signIn`: sign-ins from a device the account does not trust, keyed by what was typed
 *   (a phone or an e-mail) whether or not such an account exists. Anybody can fill it.
 * - `account`: PIN checks inside a signed-in session (payment, change PIN, entering
 *   counter mode, confirming a settings change) and sign-ins from a device the account
 *   trusts. Only the owner's sessions and devices reach it.
 */
export const pinCounter = {
  signIn: (role: Role, identifier: string): string => `${role}:${identifier}`,
  account: (userId: string): string => `user:${userId}`,
  /**
   * `counterExit`: the PIN typed to leave counter mode, on the shop's counter device that
   * anyone can touch, keyed by the person who opened it (whether their own PIN or an
   * owner's is typed). Its lock stops only that exit, never the person's or an owner's
   * sign-in, payments or PIN change elsewhere.
   */
  counterExit: (userId: string): string => `counter:${userId}`,
};
