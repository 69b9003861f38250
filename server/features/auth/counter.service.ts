/**
 * Counter mode's session (docs/security.md, "Counter mode"). A shop's counter device is
 * touched by anyone, so while it shows the shop's code it holds a narrow session of its
 * own, never the person's: entering exchanges the person's session for a counter session
 * after their PIN, leaving exchanges it back after the PIN again. The counter session keeps
 * the person and the membership that opened it, so the shop's audit log says who opened
 * and closed it. An owner who closes it with their own PIN gets their own session, never
 * the person's: what is done on the device next is written as the owner's.
 */
import type { UserView } from '@common/api/types';
import type { ConfirmPinBody } from '@common/schemas/identity';
import type { Actor } from '../../actor';
import { inTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { Session, SessionService } from '../sessions/sessions.service';
import type { DeviceService } from './devices.service';
import * as repository from './auth.repository';
import { counterView, userView } from './accounts';
import { pinCounter, type PinService, type StoredPin } from './pins.service';

export interface CounterExchange {
  sessionToken: string;
  user: UserView;
  /** Leaving: the device's renewed trust token, for its cookie. */
  deviceToken?: string;
}

type Account = NonNullable<Awaited<ReturnType<typeof repository.findById>>>;
const storedPin = (account: Account): StoredPin => ({ userId: account.id, hash: account.pinHash, keyVersion: account.pinKeyVersion });

export function createCounterService(deps: {
  db: Db; pins: PinService; sessions: SessionService; devices: DeviceService; businesses: BusinessService; audit: AuditService;
}) {
  const { db, pins, sessions, devices, businesses, audit } = deps;

  async function accountOf(userId: string): Promise<Account> {
    const account = await repository.findById(db, userId);
    if (!account) throw new AppError('session_gone');
    return account;
  }

  /**
   * An approved shop's person (their role may open counter mode) exchanges their full
   * session for a counter session. The PIN counts on the person's own counter, as every PIN
   * typed inside a signed-in session does. The device stops being trusted by the person
   * while it stands at the counter: a sign-in typed there counts as anyone's, so it cannot
   * lock the person's phone.
   */
  async function enterCounter(
    session: Session, actor: Actor, body: ConfirmPinBody, deviceToken: string | undefined,
  ): Promise<CounterExchange> {
    const business = await businesses.requireApproved(actor);
    const person = await accountOf(session.user.id);
    const check = await pins.checkPin(pinCounter.account(person.id), storedPin(person), body.pin);
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    const sessionToken = await inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      await devices.forgetWithin(tx, deviceToken, person.id);
      await audit.record(tx, actor, { action: 'counter_opened' });
      return sessions.start(tx, person.id, 'counter', actor.memberId);
    });
    return { sessionToken, user: counterView(person.id, business.businessName) };
  }

  /**
   * A counter session ends, for a full session of whoever typed the PIN. The person's own
   * PIN gives back their session (and the membership that opened the counter); any active
   * owner's of the shop closes the counter a cashier left open and gives the owner their own
   * session, acting as their membership of this shop, so nothing the owner does next is
   * written as the person's. The counter_closed line is the person's (the counter was
   * theirs), naming the owner who closed it. Every PIN typed here counts on the counter's own
   * exit counter of the person who opened it: wrong PINs typed at the counter lock only this
   * exit, never the person's or an owner's account. With the person's own PIN the device is
   * trusted by them again; an owner's leaves it untrusted (the owner chose no device here).
   */
  async function exitCounter(
    session: Session, actor: Actor, body: ConfirmPinBody, deviceToken: string | undefined,
  ): Promise<CounterExchange> {
    const person = await accountOf(session.user.id);
    const owners = await repository.activeOwnersOf(db, actor.businessId);
    // Whose PIN was typed decides only which stored PIN the one counted check runs on.
    const typedBy = [person, ...owners.filter((owner) => owner.id !== person.id)]
      .find((account) => pins.matches(storedPin(account), body.pin)) ?? person;
    const check = await pins.checkPin(pinCounter.counterExit(person.id), storedPin(typedBy), body.pin);
    if (check.outcome === 'wrong') throw new AppError('pin_incorrect', { attemptsLeft: check.attemptsLeft });
    const byOwner = typedBy === person ? null
      : (await sessions.shopsOf(typedBy.id)).find((shop) => shop.businessId === actor.businessId && shop.role === 'owner');
    // The owner stopped being one a moment ago, since their PIN was matched.
    if (byOwner === undefined) throw new AppError('forbidden');
    return inTransaction(db, async (tx) => {
      await sessions.revokeWithin(tx, session.tokenHash);
      await audit.record(tx, actor, { action: 'counter_closed', ...(byOwner ? { details: { closedBy: byOwner.name } } : {}) });
      if (byOwner) {
        const sessionToken = await sessions.start(tx, typedBy.id, 'full', byOwner.memberId);
        return { sessionToken, user: userView(typedBy) };
      }
      const sessionToken = await sessions.start(tx, person.id, 'full', actor.memberId);
      const trusted = await devices.prove(tx, deviceToken, person.id);
      return { sessionToken, user: userView(person), deviceToken: trusted };
    });
  }

  return { enterCounter, exitCounter };
}
