/**
 * Counter mode's session (docs/security.md, "Counter mode"). A shop's counter device is
 * touched by anyone, so while it shows the shop's code it holds a narrow session of its
 * own, never the merchant's: entering exchanges the merchant's session for a counter
 * session after the PIN, leaving exchanges it back after the PIN again.
 */
import type { UserView } from '@common/api/types';
import type { ConfirmPinBody } from '@common/schemas/identity';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { BusinessService } from '../businesses/businesses.service';
import type { Session, SessionService } from '../sessions/sessions.service';
import type { DeviceService } from './devices.service';
import * as repository from './auth.repository';
import { counterView, userView } from './accounts';
import { pinCounter, type PinService } from './pins.service';

export interface CounterExchange {
  sessionToken: string;
  user: UserView;
  /** Leaving: the device's renewed trust token, for its cookie. */
  deviceToken?: string;
}

export function createCounterService(deps: {
  db: Db; pins: PinService; sessions: SessionService; devices: DeviceService; businesses: BusinessService;
}) {
  const { db, pins, sessions, devices, businesses } = deps;

  /** The merchant behind a session, with the PIN checked on `counter`; refused when wrong. */
  async function merchantWithPin(userId: string, counter: (userId: string) => string, pin: string) {
    const merchant = await repository.findById(db, userId);
    if (!merchant) throw new AppError('session_gone');
    const check = await pins.checkPin(
      counter(merchant.id), { userId: merchant.id, hash: merchant.pinHash, keyVersion: merchant.pinKeyVersion }, pin,
    );
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    return merchant;
  }

  /**
   * An approved merchant's full session becomes a counter session. The PIN counts on the
   * merchant's own counter, as every PIN typed inside a signed-in session does. The device
   * stops being trusted by the merchant while it stands at the counter: a sign-in typed
   * there counts as anyone's, so it cannot lock the owner's phone.
   */
  async function enterCounter(session: Session, body: ConfirmPinBody, deviceToken: string | undefined): Promise<CounterExchange> {
    const business = await businesses.requireApproved(session.user.id);
    const merchant = await merchantWithPin(session.user.id, pinCounter.account, body.pin);
    const sessionToken = await inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      await devices.forgetWithin(tx, deviceToken, merchant.id);
      return sessions.start(tx, merchant.id, 'counter');
    });
    return { sessionToken, user: counterView(merchant.id, business.businessName) };
  }

  /**
   * A counter session becomes the merchant's full session again, and the device trusted
   * again: the PIN proved the merchant is there. The PIN counts on the counter's own exit
   * counter: wrong PINs typed at the counter lock only this exit.
   */
  async function exitCounter(session: Session, body: ConfirmPinBody, deviceToken: string | undefined): Promise<CounterExchange> {
    const merchant = await merchantWithPin(session.user.id, pinCounter.counterExit, body.pin);
    return inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      const sessionToken = await sessions.start(tx, merchant.id);
      return { sessionToken, user: userView(merchant), deviceToken: await devices.prove(tx, deviceToken, merchant.id) };
    });
  }

  return { enterCounter, exitCounter };
}
