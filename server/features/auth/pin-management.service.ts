/**
 * PIN management: a signed-in user changes their PIN, anyone resets it by an OTP to the
 * registered phone, an admin lifts a lock. Each leaves only the device that did it trusted.
 */
import type { ChangePinBody, ConfirmPinBody, ResetPinBody, UnlockBody } from '@common/schemas/identity';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { OtpService } from '../otp/otp.service';
import type { Session, SessionService } from '../sessions/sessions.service';
import * as repository from './auth.repository';
import { refuseWeakPin, signInIdentifier, signsInByPhone } from './accounts';
import type { DeviceService } from './devices.service';
import { pinCounter, type PinService } from './pins.service';

export function createPinManagementService(deps: {
  db: Db; pins: PinService; sessions: SessionService; devices: DeviceService; otp: OtpService;
}) {
  const { db, pins, sessions, devices, otp } = deps;

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

  /**
   * Checks the signed-in user's PIN again before a sensitive change (the credit period,
   * the UPI ID), which the session may then make for pinConfirmationFreshSeconds. A wrong
   * one counts on the account's own counter, as at sign-in, and the lock applies.
   */
  async function confirmPin(session: Session, body: ConfirmPinBody): Promise<void> {
    const account = await repository.findById(db, session.user.id);
    if (!account) throw new AppError('session_gone');
    const check = await pins.checkPin(
      pinCounter.account(account.id), { userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion }, body.pin,
    );
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    await sessions.markPinConfirmed(session.tokenHash);
  }

  /**
   * Sets a new PIN for the account registered with a phone, after an OTP to that phone:
   * the way back in for someone who forgot the PIN or is locked out, or who froze their
   * Khata after a payment that was not them. It lifts both locks, unfreezes the Khata,
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
      await pins.clearCounters(tx, body.role, signInIdentifier(account), account.id);
      await repository.unfreeze(tx, account.id);
      await sessions.revokeOthers(tx, account.id);
      const device = await devices.prove(tx, deviceToken, account.id);
      await devices.forgetOthers(tx, account.id, device);
      return device;
    });
  }

  /**
   * An admin lifts the PIN locks of an identifier (a phone for customers and staff, an
   * e-mail otherwise): the anonymous counter and, if the account exists, its own.
   */
  async function unlock(body: UnlockBody): Promise<boolean> {
    const account = signsInByPhone(body.role)
      ? await repository.findByPhone(db, body.role, body.identifier)
      : await repository.findByEmail(db, body.role, body.identifier);
    return inTransaction(db, (tx) => pins.clearCounters(tx, body.role, body.identifier, account?.id));
  }

  return { changePin, confirmPin, resetPin, unlock };
}
