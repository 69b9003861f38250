/**
 * Counter mode's session (docs/security.md, "Counter mode"). A shop's counter device is
 * touched by anyone, so while it shows the shop's code it holds a narrow session of its
 * own, never the merchant's: entering exchanges the merchant's session for a counter
 * session after the PIN, leaving exchanges it back after the PIN again.
 */
import type { UserView } from '@common/api-types';
import type { ConfirmPinBody } from '@common/schemas/identity';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { BusinessService } from '../businesses/businesses.service';
import * as repository from './auth.repository';
import { counterView, userView } from './accounts';
import { pinCounter, type PinService } from './pins.service';
import type { Session, SessionService } from './sessions.service';

export interface CounterExchange {
  sessionToken: string;
  user: UserView;
}

export function createCounterService(deps: {
  db: Db; pins: PinService; sessions: SessionService; businesses: BusinessService;
}) {
  const { db, pins, sessions, businesses } = deps;

  async function account(userId: string) {
    const found = await repository.findById(db, userId);
    if (!found) throw new AppError('session_gone');
    return found;
  }

  /**
   * An approved merchant's full session becomes a counter session. The PIN counts on the
   * merchant's own counter, as every PIN typed inside a signed-in session does.
   */
  async function enterCounter(session: Session, body: ConfirmPinBody): Promise<CounterExchange> {
    const merchant = await account(session.user.id);
    const business = await businesses.requireApproved(merchant.id);
    const check = await pins.checkPin(
      pinCounter.account(merchant.id), { userId: merchant.id, hash: merchant.pinHash, keyVersion: merchant.pinKeyVersion }, body.pin,
    );
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    const sessionToken = await inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      return sessions.start(tx, merchant.id, 'counter');
    });
    return { sessionToken, user: counterView(merchant.id, business.businessName) };
  }

  /**
   * A counter session becomes the merchant's full session again. The PIN counts on the
   * counter's own exit counter: wrong PINs typed at the counter lock only this exit.
   */
  async function exitCounter(session: Session, body: ConfirmPinBody): Promise<CounterExchange> {
    const merchant = await account(session.user.id);
    const check = await pins.checkPin(
      pinCounter.counterExit(merchant.id), { userId: merchant.id, hash: merchant.pinHash, keyVersion: merchant.pinKeyVersion }, body.pin,
    );
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    const sessionToken = await inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      return sessions.start(tx, merchant.id);
    });
    return { sessionToken, user: userView(merchant) };
  }

  return { enterCounter, exitCounter };
}
