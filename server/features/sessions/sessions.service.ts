/**
 * Sessions: a token handed to the client, only its SHA-256 stored (server/tokens.ts), with
 * an idle and an absolute expiry (docs/product.md#sessions). Below auth, businesses,
 * events and payments, which all ask whose a session is; it asks no other feature.
 */
import type { SessionRole } from '@common/api/types';
import type { ShopRole } from '@common/permissions';
import { pinConfirmationFreshSeconds, sessionBindingsMax, sessionTouchIntervalSeconds } from '@common/limits';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../tokens';
import * as repository from './sessions.repository';
import type { SessionKind } from './sessions.repository';

export interface SessionUser {
  id: string;
  /** 'counter' for a counter session: the user is the merchant, the rights are the counter's. */
  role: SessionRole;
  name: string;
  phone: string | null;
  email: string | null;
  /**
   * The shop the session acts for and as whom (docs/security.md, "Staff and roles"): the
   * business account's founding membership, or the one a staff person picked; kept by a
   * counter session. Null for customers, admins and staff who have not picked a shop.
   */
  shop: SessionShop | null;
}

/** A session's membership at a shop (shop_members), active. */
export interface SessionShop {
  memberId: string;
  businessId: string;
  businessName: string;
  role: ShopRole;
  /** The name the shop knows the person by. */
  name: string;
}

export interface Session {
  tokenHash: string;
  user: SessionUser;
}

/**
 * A token whose session this process has seen live: whose it is, which never changes.
 * Whether the session is still live is for the caller's own statement to check (khata_pay
 * does, in the payment's one round trip).
 */
export interface RecalledSession {
  tokenHash: string;
  userId: string;
  role: SessionRole;
}

export function createSessionService(deps: {
  db: Db; clock: Clock; idleTtlSeconds: number; absoluteTtlSeconds: number;
}) {
  const { db, clock, idleTtlSeconds, absoluteTtlSeconds } = deps;
  // Token hash → its user, least recently used first (a Map keeps insertion order).
  const bindings = new Map<string, { userId: string; role: SessionRole }>();

  function remember(tokenHash: string, userId: string, role: SessionRole) {
    bindings.delete(tokenHash);
    bindings.set(tokenHash, { userId, role });
    if (bindings.size > sessionBindingsMax) bindings.delete(bindings.keys().next().value!);
  }

  /** Forgets a token found dead, so its next call is resolved (and limited) afresh. */
  const forget = (tokenHash: string) => { bindings.delete(tokenHash); };

  /**
   * Starts a session (a full one unless said) acting as `memberId` when it is a shop's;
   * returns the token, which is never stored.
   */
  async function start(tx: Executor, userId: string, kind: SessionKind = 'full', memberId: string | null = null): Promise<string> {
    const token = newToken();
    const now = clock();
    await repository.insertSession(tx, {
      tokenHash: hashToken(token),
      userId,
      kind,
      memberId,
      createdAt: now,
      idleExpiresAt: addSeconds(now, Math.min(idleTtlSeconds, absoluteTtlSeconds)),
      absoluteExpiresAt: addSeconds(now, absoluteTtlSeconds),
    });
    return token;
  }

  /**
   * The live session of a token, or null. Its idle expiry moves at most once an hour. A
   * session acting as a membership that is no longer active (revoked) is dead: its
   * revocation revokes it too, and this holds even for one that slipped past.
   */
  async function resolve(token: string): Promise<Session | null> {
    if (token.length === 0 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = clock();
    const row = await repository.findActiveSession(db, tokenHash, now);
    if (!row || (row.memberId !== null && row.activeMemberId === null)) {
      forget(tokenHash);
      return null;
    }
    const freshIdleExpiry = addSeconds(now, idleTtlSeconds);
    if (freshIdleExpiry.getTime() - row.idleExpiresAt.getTime() > sessionTouchIntervalSeconds * 1000) {
      await repository.touchSession(db, tokenHash, freshIdleExpiry);
    }
    const { userId, role, name, phone, email } = row;
    remember(tokenHash, userId, role);
    const shop = row.activeMemberId !== null ? {
      memberId: row.activeMemberId, businessId: row.businessId!, businessName: row.businessName!, role: row.shopRole!, name: row.memberName!,
    } : null;
    return { tokenHash, user: { id: userId, role, name, phone, email, shop } };
  }

  /**
   * Whether a token's session is still live and, when it acts for a shop, its membership
   * still active: a live stream asks once it listens for revocations, so one revoked in
   * between is not missed.
   */
  async function isLive(tokenHash: string): Promise<boolean> {
    const row = await repository.findActiveSession(db, tokenHash, clock());
    return row !== null && (row.memberId === null || row.activeMemberId !== null);
  }

  /** Whose a token is, if this process has seen its session live; never a database call. */
  function recall(token: string): RecalledSession | null {
    if (token.length === 0 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const binding = bindings.get(tokenHash);
    if (!binding) return null;
    remember(tokenHash, binding.userId, binding.role);
    return { tokenHash, ...binding };
  }

  async function revoke(tokenHash: string): Promise<void> {
    forget(tokenHash);
    await repository.revokeSession(db, tokenHash, clock());
  }

  const revokeOthers = (tx: Executor, userId: string, keepTokenHash?: string) =>
    repository.revokeUserSessions(tx, userId, clock(), keepTokenHash);

  /**
   * Ends a session inside the caller's transaction (counter mode's exchanges), which it
   * refuses when the session was ended meanwhile: two exchanges of one session racing
   * each other make one new session, not two.
   */
  async function revokeWithin(tx: Executor, tokenHash: string): Promise<void> {
    forget(tokenHash);
    if (!(await repository.revokeSession(tx, tokenHash, clock()))) throw new AppError('session_gone');
  }

  /**
   * Makes a session act as one of its user's active memberships (a staff person picking
   * the shop they work at now); 404 staff_member_not_found for anyone else's or a revoked one.
   */
  async function pickShop(tokenHash: string, memberId: string): Promise<void> {
    if (!(await repository.pickMember(db, tokenHash, memberId))) throw new AppError('staff_member_not_found');
  }

  /**
   * Ends every session acting as a membership, inside the caller's transaction (revoking a
   * person), and forgets their tokens here; other processes find them dead on their next
   * lookup, and their open streams hear it from the events channel.
   */
  async function revokeMember(tx: Executor, memberId: string): Promise<void> {
    for (const tokenHash of await repository.revokeMemberSessions(tx, memberId, clock())) forget(tokenHash);
  }

  /** The shops a user works at (active memberships), oldest first. */
  const shopsOf = (userId: string): Promise<SessionShop[]> => repository.activeMemberships(db, userId);

  /** When the session of a token's hash began (a counter's stream replays nothing older). */
  async function startedAt(tokenHash: string): Promise<Date> {
    const started = await repository.startedAt(db, tokenHash);
    if (!started) throw new AppError('session_gone');
    return started;
  }

  /** Whose a token is, whether or not its session is still live; null for a made-up one. */
  async function ownerOf(token: string): Promise<string | null> {
    if (token.length === 0 || token.length > 200) return null;
    return repository.ownerOf(db, hashToken(token));
  }

  /** The user just typed their PIN in this session: sensitive changes may follow for a while. */
  const markPinConfirmed = (tokenHash: string) => repository.markPinConfirmed(db, tokenHash, clock());

  /** Refuses unless this session confirmed the PIN in the last pinConfirmationFreshSeconds. */
  async function requireRecentPin(tokenHash: string): Promise<void> {
    const since = addSeconds(clock(), -pinConfirmationFreshSeconds);
    if (!(await repository.pinConfirmedSince(db, tokenHash, since))) throw new AppError('pin_confirmation_required');
  }

  /** The idle expiry a request made now would move a session to, and how stale it may get first. */
  const idleRenewal = () => ({ idleExpiresAt: addSeconds(clock(), idleTtlSeconds), touchSeconds: sessionTouchIntervalSeconds });

  return {
    start, resolve, recall, forget, idleRenewal, revoke, revokeOthers, revokeWithin, ownerOf, startedAt, markPinConfirmed, requireRecentPin,
    pickShop, revokeMember, shopsOf, isLive,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
