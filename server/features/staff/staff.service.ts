/**
 * The shop's people (docs/product.md#staff): an owner invites a person by phone with a role
 * (and, for a cashier or a manager, limits), changes their role and limits, or revokes them;
 * the person proves the phone with an OTP, then accepts (opening a staff account with its own
 * PIN, or joining with the one they have) or declines. Each change is an audit row of its
 * own transaction; a revocation ends the person's sessions in it and their live streams after.
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { staffDefaultLimitsPaise, staffInvitationsPerShopPerDay, staffInvitationTtlDays } from '@common/limits';
import { toWireAmount, type Paise } from '@common/money';
import { isLimited, type ShopRole } from '@common/permissions';
import type { staffInvitationsForPhone, staffInvitationView, staffMember } from '@common/schemas/responses';
import type { AcceptStaffInvitationBody, StaffChangeBody, StaffInvitationBody } from '@common/schemas/staff';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, violatedConstraint, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { indiaDay, indiaDayStart, secondsToIndiaMidnight } from '../../india-days';
import { smsRole, smsVariable } from '../../sms/templates';
import type { SmsService } from '../../sms/sms.service';
import type { AuditService } from '../audit/audit.service';
import { changeDetails } from '../audit/change-details';
import { refuseWeakPin, userView, type SignedIn } from '../auth/accounts';
import type { DeviceService } from '../auth/devices.service';
import type { PinService } from '../auth/pins.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { EventService } from '../events/events.service';
import type { OtpService } from '../otp/otp.service';
import type { SessionService } from '../sessions/sessions.service';
import * as repository from './staff.repository';
import type { InvitationRow, MemberRow } from './staff.repository';

export type StaffMemberView = z.output<typeof staffMember>;
export type StaffInvitationView = z.output<typeof staffInvitationView>;
export type StaffInvitationsForPhone = z.output<typeof staffInvitationsForPhone>;

const ttlSeconds = staffInvitationTtlDays * 24 * 3600;

/** A limit as the wire and the audit log's particulars write it; none is null (an owner's). */
const wireLimit = (limit: Paise | null) => (limit === null ? null : toWireAmount(limit));

function memberView(row: MemberRow): StaffMemberView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    role: row.role,
    founding: row.founding,
    status: row.status,
    singleLimit: wireLimit(row.singleLimitPaise),
    dailyLimit: wireLimit(row.dailyLimitPaise),
    usedToday: toWireAmount(row.usedTodayPaise),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Where an invitation stands as people read it: a pending one past its expiry has expired
 * (it is marked so when the shop invites the number again).
 */
const statusAt = (row: InvitationRow, now: Date): StaffInvitationView['status'] =>
  (row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status);

function invitationView(row: InvitationRow, now: Date): StaffInvitationView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    role: row.role,
    singleLimit: wireLimit(row.singleLimitPaise),
    dailyLimit: wireLimit(row.dailyLimitPaise),
    status: statusAt(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

interface Limits { singleLimitPaise: Paise | null; dailyLimitPaise: Paise | null }

/**
 * A role's limits from a request: none for an owner (400 staff_limits_for_owner when given);
 * both for a cashier or a manager (400 staff_limits_required when one is missing, or both
 * when `defaults` is not allowed), the daily one at least the single one (staff_limits_order).
 */
function limitsOf(role: ShopRole, given: { singleLimit?: Paise | null; dailyLimit?: Paise | null }, defaults: boolean): Limits {
  const single = given.singleLimit ?? null;
  const daily = given.dailyLimit ?? null;
  if (!isLimited(role)) {
    if (single !== null || daily !== null) throw new AppError('staff_limits_for_owner');
    return { singleLimitPaise: null, dailyLimitPaise: null };
  }
  if (single === null && daily === null && defaults) {
    const preset = staffDefaultLimitsPaise[role as keyof typeof staffDefaultLimitsPaise];
    return { singleLimitPaise: preset.single as Paise, dailyLimitPaise: preset.daily as Paise };
  }
  if (single === null || daily === null) throw new AppError('staff_limits_required');
  if (daily < single) throw new AppError('staff_limits_order');
  return { singleLimitPaise: single, dailyLimitPaise: daily };
}

/** A person's role and limits as the audit log's particulars compare them (an owner's limits: none). */
const shownTerms = (terms: { role: ShopRole } & Limits) =>
  ({ role: terms.role, singleLimit: wireLimit(terms.singleLimitPaise), dailyLimit: wireLimit(terms.dailyLimitPaise) });

/** The limits an invitation or a person has, as the audit log's particulars say them (none for an owner). */
function limitDetails(limits: Limits): Record<string, string> {
  return limits.singleLimitPaise === null || limits.dailyLimitPaise === null ? {}
    : { singleLimit: toWireAmount(limits.singleLimitPaise), dailyLimit: toWireAmount(limits.dailyLimitPaise) };
}

/** Where the invitation SMS sends the person: the page where they prove their phone and accept. */
export const joinLink = (origin: string) => `${origin}/merchant/join`;

export function createStaffService(deps: {
  db: Db; clock: Clock; businesses: BusinessService; audit: AuditService; sms: SmsService; otp: OtpService; pins: PinService;
  sessions: SessionService; devices: DeviceService; events: EventService;
}) {
  const { db, clock, businesses, audit, sms, otp, pins, sessions, devices, events } = deps;

  const todayStart = (now: Date) => indiaDayStart(indiaDay(now));

  /** A person of the shop as the owner's list shows them, read afresh (their use of today too). */
  async function memberNow(actor: Actor, memberId: string): Promise<StaffMemberView> {
    const rows = await repository.membersOf(db, actor.businessId, todayStart(clock()));
    const row = rows.find((candidate) => candidate.id === memberId);
    assert(row, 'a person just changed is one of the shop\'s');
    return memberView(row);
  }

  /**
   * GET /api/business/staff: the shop's people (the founding owner first, the revoked last)
   * with what each moved today, and its invitations, newest first: every open one, and each
   * other one for staffInvitationTtlDays after what became of it.
   */
  async function list(actor: Actor): Promise<{ members: StaffMemberView[]; invitations: StaffInvitationView[] }> {
    const now = clock();
    const [members, invitations] = await Promise.all([
      repository.membersOf(db, actor.businessId, todayStart(now)),
      repository.invitationsOf(db, actor.businessId, addSeconds(now, -ttlSeconds), ttlSeconds),
    ]);
    return {
      members: members.map(memberView),
      invitations: invitations.map((row) => invitationView(row, now)),
    };
  }

  /**
   * POST /api/business/staff/invitations, for an approved shop: 409 when the number works at
   * the shop already or has its pending invitation, 429 past the shop's invitations of the
   * day, all checked under the shop's lock. The SMS is queued in the invitation's transaction
   * and goes after the answer, as a customer's invitation does, and like one it is held back
   * when the number has had its invitation SMS of the day (invitationsPerNumberPerDay, of
   * both kinds): the owner is answered alike, and only the link they pass on reaches the person.
   */
  async function invite(actor: Actor, body: StaffInvitationBody, origin: string): Promise<{ invitation: StaffInvitationView }> {
    const business = await businesses.requireApproved(actor);
    const limits = limitsOf(body.role, body, true);
    const phone = body.phoneNumber;
    const now = clock();
    const row: repository.NewInvitation = {
      id: randomUUID(), businessId: business.id, phone, name: body.name, role: body.role, ...limits, language: body.language,
      invitedByMemberId: actor.memberId, createdAt: now, expiresAt: addSeconds(now, ttlSeconds),
    };
    try {
      await inTransaction(db, async (tx) => {
        await repository.lockShop(tx, business.id);
        if (await repository.worksAt(tx, business.id, phone)) throw new AppError('staff_exists', { phoneNumber: phone });
        await repository.closeExpired(tx, business.id, phone, now);
        if (await repository.hasPending(tx, business.id, phone)) throw new AppError('staff_invitation_exists', { phoneNumber: phone });
        if (await repository.invitationsSince(tx, business.id, todayStart(now)) >= staffInvitationsPerShopPerDay) {
          throw new AppError('staff_invitations_daily_limit', {
            limit: staffInvitationsPerShopPerDay, retryAfterSeconds: secondsToIndiaMidnight(now),
          });
        }
        await repository.insertInvitation(tx, row);
        // Held back, silently, when the number had its invitation SMS for today (customers' ones too).
        if (await sms.mayInvite(tx, phone)) {
          await sms.enqueueStaffInvite(tx, {
            businessId: business.id, to: phone, language: body.language,
            variables: { shop: smsVariable(business.businessName), role: smsRole(body.role, body.language), link: joinLink(origin) },
          });
        }
        await audit.record(tx, actor, {
          action: 'staff_invited', subject: body.name, details: { role: body.role, phoneNumber: phone, ...limitDetails(limits) },
        });
      });
    } catch (error) {
      if (violatedConstraint(error) === 'staff_invitations_business_phone_pending_unique') {
        throw new AppError('staff_invitation_exists', { phoneNumber: phone });
      }
      throw error;
    }
    // What this drain misses, the scheduler's next one sends.
    void sms.drain().catch(() => undefined);
    const written = await repository.findInvitation(db, row.id);
    assert(written, 'an invitation just written exists');
    return { invitation: invitationView(written, now) };
  }

  /** POST /api/business/staff/invitations/:id/cancel: another shop's invitation is not found, as one that does not exist. */
  async function cancelInvitation(actor: Actor, invitationId: string): Promise<{ invitation: StaffInvitationView }> {
    const now = clock();
    const row = await inTransaction(db, async (tx) => {
      const found = await repository.lockInvitation(tx, invitationId);
      if (!found || found.businessId !== actor.businessId) throw new AppError('staff_invitation_not_found');
      if (statusAt(found, now) !== 'pending') throw new AppError('staff_invitation_not_pending');
      await repository.decideInvitation(tx, found.id, { status: 'cancelled', decidedAt: now });
      await audit.record(tx, actor, {
        action: 'staff_invitation_cancelled', subject: found.name, details: { role: found.role, phoneNumber: found.phone },
      });
      return { ...found, status: 'cancelled' as const, decidedAt: now };
    });
    return { invitation: invitationView(row, now) };
  }

  /**
   * Cancels the open invitations a person made, each a line of the audit log by `actor`: one
   * who is no longer an owner (revoked, or given another role) has invited no one any more.
   */
  async function cancelInvitationsBy(tx: Executor, actor: Actor, memberId: string, now: Date): Promise<void> {
    for (const invitation of await repository.cancelOpenBy(tx, actor.businessId, memberId, now)) {
      await audit.record(tx, actor, {
        action: 'staff_invitation_cancelled', subject: invitation.name, details: { role: invitation.role, phoneNumber: invitation.phone },
      });
    }
  }

  /** A person of the shop, locked, that an owner may change: never the account the shop registered with. */
  async function lockChangeable(tx: Executor, actor: Actor, memberId: string) {
    const found = await repository.lockMember(tx, actor.businessId, memberId);
    if (!found) throw new AppError('staff_member_not_found');
    if (found.founding) throw new AppError('shop_account_owner');
    return found;
  }

  /**
   * POST /api/business/staff/:id: a new role and limits, which the person's next request
   * already acts with (their sessions read the membership). A revoked person is changed no
   * more (404, as one who never worked here); an owner may make another person an owner. An
   * owner given another role loses the invitations they made that are still open.
   */
  async function change(actor: Actor, memberId: string, body: StaffChangeBody): Promise<{ member: StaffMemberView }> {
    const limits = limitsOf(body.role, body, false);
    await inTransaction(db, async (tx) => {
      const found = await lockChangeable(tx, actor, memberId);
      if (found.status !== 'active') throw new AppError('staff_member_not_found');
      const details = changeDetails(shownTerms(found), shownTerms({ role: body.role, ...limits }));
      if (Object.keys(details).length === 0) return;
      await repository.updateMember(tx, found.id, { role: body.role, ...limits });
      await audit.record(tx, actor, { action: 'staff_changed', subject: found.name, details });
      if (found.role === 'owner' && body.role !== 'owner') await cancelInvitationsBy(tx, actor, found.id, clock());
    });
    return { member: await memberNow(actor, memberId) };
  }

  /**
   * POST /api/business/staff/:id/revoke: the person works here no more. Their sessions end in
   * the same transaction (their next request is refused), as do the invitations they made
   * that are still open, and their open streams are told after it commits; their past
   * actions stay theirs. Revoking one already revoked changes nothing.
   */
  async function revoke(actor: Actor, memberId: string): Promise<{ member: StaffMemberView }> {
    const revoked = await inTransaction(db, async (tx) => {
      const found = await lockChangeable(tx, actor, memberId);
      if (found.status === 'revoked') return false;
      const now = clock();
      await repository.revokeMember(tx, found.id, { memberId: actor.memberId, at: now });
      await sessions.revokeMember(tx, found.id);
      await audit.record(tx, actor, { action: 'staff_revoked', subject: found.name, details: { role: found.role } });
      await cancelInvitationsBy(tx, actor, found.id, now);
      return true;
    });
    if (revoked) events.publishRevoked(memberId);
    return { member: await memberNow(actor, memberId) };
  }

  /**
   * GET /api/staff/invitations, with the OTP proof of the phone (left for the acceptance):
   * the open invitations to it, and whether it has a staff account already (then no new PIN).
   */
  async function forPhone(proofToken: string | undefined): Promise<StaffInvitationsForPhone> {
    const phone = await otp.provenPhone(proofToken, 'staff_invitation');
    const [account, rows] = await Promise.all([
      repository.staffAccountByPhone(db, phone), repository.openForPhone(db, phone, clock()),
    ]);
    return {
      hasAccount: account !== null,
      invitations: rows.map((row) => ({
        id: row.id, businessName: row.businessName, role: row.role, name: row.name, expiresAt: row.expiresAt.toISOString(),
      })),
    };
  }

  /** An invitation to the proven phone that is still open; else 404 (another phone's), 410 (expired) or 409. */
  function refuseUnlessOpen(found: InvitationRow | null, phone: string, now: Date): asserts found is InvitationRow {
    if (!found || found.phone !== phone) throw new AppError('staff_invitation_not_found');
    const status = statusAt(found, now);
    if (status === 'expired') throw new AppError('staff_invitation_expired');
    if (status !== 'pending') throw new AppError('staff_invitation_not_pending');
  }

  /**
   * POST /api/staff/invitations/:id/accept, with the OTP proof of the invited phone, which it
   * uses up. A phone without a staff account opens one with the PIN chosen here (both given,
   * not weak, as at registration); one with an account keeps its PIN. The person joins the
   * shop with the invitation's role, limits and name (a person the shop revoked comes back as
   * the same member), the audit log records them joining, and they are signed in acting for
   * the shop. An invitation whose inviter is no longer an active owner of the shop is no longer
   * open (409): revoking or demoting an owner cancels their invitations, and one that outlived
   * that is refused here all the same.
   */
  async function accept(
    invitationId: string, body: AcceptStaffInvitationBody, proofToken: string | undefined, deviceToken?: string,
  ): Promise<SignedIn> {
    const phone = await otp.provenPhone(proofToken, 'staff_invitation');
    const existing = await repository.staffAccountByPhone(db, phone);
    const newAccountId = randomUUID();
    let pin: ReturnType<PinService['hashPin']> | null = null;
    if (!existing) {
      if (body.pin === undefined || body.confirmPin === undefined) throw new AppError('staff_pin_required');
      if (body.pin !== body.confirmPin) throw new AppError('pin_confirmation_mismatch');
      refuseWeakPin(body.pin);
      pin = pins.hashPin(newAccountId, body.pin);
    }
    const now = clock();
    const memberId = randomUUID();
    return inTransaction(db, async (tx) => {
      // The inviter before the invitation, in the order an owner's revocation or change takes
      // them (the person, then their invitations), so the two wait for each other, never deadlock.
      const inviter = await repository.inviterOf(tx, invitationId);
      const byActiveOwner = inviter !== null && await repository.holdActiveOwner(tx, inviter);
      const found = await repository.lockInvitation(tx, invitationId);
      refuseUnlessOpen(found, phone, now);
      if (!byActiveOwner) throw new AppError('staff_invitation_not_pending');
      await otp.consumeProof(tx, proofToken, phone, 'staff_invitation');
      await repository.lockPhone(tx, phone);
      // Under the phone's lock: a phone still without a staff account opens one with the PIN
      // chosen above; one opened meanwhile by another acceptance of it joins with that PIN.
      let account = await repository.staffAccountByPhone(tx, phone);
      if (!account) {
        assert(pin, 'a PIN was chosen for a phone that had no staff account');
        await repository.insertStaffAccount(tx, {
          id: newAccountId, name: found.name, phone, pinHash: pin.hash, pinKeyVersion: pin.keyVersion, createdAt: now,
        });
        account = await repository.staffAccountByPhone(tx, phone);
        assert(account, 'a staff account just opened exists');
      }
      const membership: repository.Membership = {
        businessId: found.businessId, userId: account.id, role: found.role, name: found.name,
        singleLimitPaise: found.singleLimitPaise, dailyLimitPaise: found.dailyLimitPaise, invitedByMemberId: found.invitedByMemberId,
      };
      const before = await repository.membershipOf(tx, found.businessId, account.id);
      if (before?.status === 'active') throw new AppError('staff_exists', { phoneNumber: phone });
      const joined = before?.id ?? memberId;
      if (before) await repository.reinstateMember(tx, before.id, membership);
      else await repository.insertMember(tx, { ...membership, id: joined, createdAt: now });
      await repository.decideInvitation(tx, found.id, { status: 'accepted', decidedAt: now, memberId: joined });
      const newcomer: Actor = { userId: account.id, memberId: joined, businessId: found.businessId, role: found.role, name: found.name };
      await audit.record(tx, newcomer, { action: 'staff_joined', subject: found.name, details: { role: found.role } });
      const sessionToken = await sessions.start(tx, account.id, 'full', joined);
      return {
        sessionToken,
        deviceToken: await devices.prove(tx, deviceToken, account.id),
        user: userView({ id: account.id, role: 'staff', name: account.name, phone: account.phone, email: account.email }),
      };
    });
  }

  /** POST /api/staff/invitations/:id/decline, with the OTP proof of the invited phone, which it uses up. */
  async function decline(invitationId: string, proofToken: string | undefined): Promise<{ success: true }> {
    const phone = await otp.provenPhone(proofToken, 'staff_invitation');
    const now = clock();
    await inTransaction(db, async (tx) => {
      const found = await repository.lockInvitation(tx, invitationId);
      refuseUnlessOpen(found, phone, now);
      await otp.consumeProof(tx, proofToken, phone, 'staff_invitation');
      await repository.decideInvitation(tx, found.id, { status: 'declined', decidedAt: now });
    });
    return { success: true };
  }

  return { list, invite, cancelInvitation, change, revoke, forPhone, accept, decline };
}

export type StaffService = ReturnType<typeof createStaffService>;
