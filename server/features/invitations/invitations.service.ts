/**
 * Invitations by phone (docs/product.md#invitations): a merchant offers credit to a name and a
 * number; the SMS carries a short link where the number's owner accepts (the account opens
 * through the ledger), declines, or refuses the shop for good. The merchant sees only what
 * they typed, and is answered alike whether or not the number is a Khata customer's, whether
 * or not it refused the shop, and whether or not it had its invitation SMS for the day
 * (then no SMS goes; docs/security.md, "Invitations").
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { CustomerCreditAccount } from '@common/api/types';
import { invitationLinkCodeLength, invitationsPerShopPerDay, invitationTtlDays } from '@common/limits';
import { toWireAmount } from '@common/money';
import type { InvitationEventData } from '@common/schemas/events';
import type { NewCustomerBody } from '@common/schemas/invitations';
import type { customerInvitation, invitationLink, invitationView } from '@common/schemas/responses';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { inTransaction, violatedConstraint, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { indiaDay, indiaDayStart, secondsToIndiaMidnight } from '../../india-days';
import type { Ledger } from '../../ledger/ledger';
import type { SmsService } from '../../sms/sms.service';
import { isShortCode, newShortCode } from '../../short-codes';
import { smsAmount, smsVariable } from '../../sms/templates';
import type { AuditService } from '../audit/audit.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { CreditService } from '../credit/credit.service';
import type { EventService } from '../events/events.service';
import type { StatsService } from '../stats/stats.service';
import * as repository from './invitations.repository';
import type { InvitationRow } from './invitations.repository';

export type InvitationView = z.output<typeof invitationView>;
export type CustomerInvitation = z.output<typeof customerInvitation>;
export type InvitationLink = z.output<typeof invitationLink>;

/** The signed-in customer deciding on an offer: it is theirs only when it is to their phone. */
export interface InvitedCustomer { id: string; phone: string | null }

const daySeconds = 24 * 3600;

/** Where an invitation stands as people read it: a pending one past its expiry has expired. */
const statusAt = (row: InvitationRow, now: Date): repository.InvitationStatus =>
  (row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status);

/** Whether the invitation can still be accepted, declined or cancelled. */
const isOpen = (row: InvitationRow, now: Date) => statusAt(row, now) === 'pending';

const linkOf = (origin: string, code: string) => `${origin}/i/${code}`;

function merchantView(row: InvitationRow, origin: string, now: Date): InvitationView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    creditLimit: toWireAmount(row.limitPaise),
    language: row.language,
    status: statusAt(row, now),
    link: linkOf(origin, row.code),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createInvitationService(deps: {
  db: Db; clock: Clock; ledger: Ledger; businesses: BusinessService; credit: CreditService; stats: StatsService;
  events: EventService; sms: SmsService; audit: AuditService;
}) {
  const { db, clock, ledger, businesses, credit, stats, events, sms, audit } = deps;

  /** Tells the merchant's streams, and the customer's when there is one, of what became of an invitation. */
  function announce(row: InvitationRow, status: InvitationEventData['status'], customerId: string | null) {
    events.publishInvitation({ event: { invitationId: row.id, businessId: row.businessId, status }, customerId });
  }

  /** The number's customer, when the invitation's SMS reached them (so they may have it on screen). */
  const invitedCustomer = async (row: InvitationRow) => (row.smsSent ? repository.customerIdByPhone(db, row.phone) : null);

  /**
   * Writes the invitation, checked in one transaction under the shop's lock:
   * 409 when the shop already has an account for the number or an open invitation to it, 429
   * past the shop's invitations of the day. Whether the SMS may go is decided here too, and
   * when it may, it is queued in the same transaction, as is the audit line of who invited.
   */
  async function record(
    actor: Actor, shop: { id: string; businessName: string }, body: NewCustomerBody, origin: string, now: Date,
  ) {
    const today = indiaDayStart(indiaDay(now));
    const phone = body.phoneNumber;
    const row: repository.NewInvitation = {
      id: randomUUID(), businessId: shop.id, phone, name: body.name, limitPaise: body.creditLimit, language: body.language,
      code: newShortCode(invitationLinkCodeLength), smsSent: false, createdAt: now, expiresAt: addSeconds(now, invitationTtlDays * daySeconds),
    };
    try {
      return await inTransaction(db, async (tx) => {
        await repository.lockShop(tx, shop.id);
        const customerName = await repository.accountCustomerName(tx, shop.id, phone);
        if (customerName !== null) throw new AppError('credit_account_exists', { customerName });
        await repository.expireStale(tx, shop.id, phone, now);
        if (await repository.hasPending(tx, shop.id, phone)) throw new AppError('invitation_exists', { phoneNumber: phone });
        if (await repository.shopInvitationsSince(tx, shop.id, today) >= invitationsPerShopPerDay) {
          throw new AppError('invitations_daily_limit', { limit: invitationsPerShopPerDay, retryAfterSeconds: secondsToIndiaMidnight(now) });
        }
        // Held back, silently: a number that refused the shop, or had its invitation SMS for today (staff ones too).
        row.smsSent = !await repository.isBlocked(tx, shop.id, phone) && await sms.mayInvite(tx, phone);
        await repository.insert(tx, row);
        if (row.smsSent) {
          await sms.enqueueInvite(tx, {
            businessId: shop.id, to: phone, language: row.language,
            variables: { shop: smsVariable(shop.businessName), limit: smsAmount(row.limitPaise, row.language), link: linkOf(origin, row.code) },
          });
        }
        await audit.record(tx, actor, { action: 'customer_invited', subject: row.name, amountPaise: row.limitPaise });
        return row;
      });
    } catch (error) {
      if (violatedConstraint(error) === 'invitations_business_phone_pending_unique') {
        throw new AppError('invitation_exists', { phoneNumber: phone });
      }
      throw error;
    }
  }

  /**
   * POST /api/business/invitations. The SMS is queued with the invitation and goes after the
   * answer, as "Send to all overdue" does (what this drain misses, the scheduler's next one
   * sends): the merchant is answered 201 alike whether the SMS goes, is held back, or meets a
   * vendor outage, and in the same time.
   */
  async function invite(actor: Actor, body: NewCustomerBody, origin: string): Promise<{ invitation: InvitationView }> {
    const business = await businesses.requireApproved(actor);
    businesses.refuseAboveMaximum(business, body.creditLimit);
    const now = clock();
    const written = await record(actor, business, body, origin, now);
    // Kicked for a held-back invitation too, so that both do the same work.
    void sms.drain().catch(() => undefined);
    const row = await repository.findById(db, written.id);
    assert(row, 'an invitation just written exists');
    announce(row, 'pending', await invitedCustomer(row));
    return { invitation: merchantView(row, origin, now) };
  }

  /** GET /api/business/invitations: the shop's open invitations, newest first. */
  async function listForBusiness(actor: Actor, origin: string): Promise<{ invitations: InvitationView[] }> {
    const now = clock();
    const rows = await repository.openForBusiness(db, actor.businessId, now);
    return { invitations: rows.map((row) => merchantView(row, origin, now)) };
  }

  /** POST /api/business/invitations/:id/cancel: another shop's invitation is not found, as one that does not exist. */
  async function cancel(actor: Actor, invitationId: string, origin: string): Promise<{ invitation: InvitationView }> {
    const now = clock();
    const row = await inTransaction(db, async (tx) => {
      const found = await repository.lockById(tx, invitationId);
      if (!found || found.businessId !== actor.businessId) throw new AppError('invitation_not_found');
      if (!isOpen(found, now)) throw new AppError('invitation_not_pending');
      await repository.decide(tx, found.id, { status: 'cancelled', decidedAt: now });
      await audit.record(tx, actor, { action: 'customer_invitation_cancelled', subject: found.name, amountPaise: found.limitPaise });
      return { ...found, status: 'cancelled' as const };
    });
    announce(row, 'cancelled', await invitedCustomer(row));
    return { invitation: merchantView(row, origin, now) };
  }

  const customerView = (row: InvitationRow): CustomerInvitation => ({
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    creditLimit: toWireAmount(row.limitPaise),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  });

  /** GET /api/customer/invitations: the open offers to the customer's number. */
  async function listForCustomer(customer: InvitedCustomer): Promise<{ invitations: CustomerInvitation[] }> {
    if (!customer.phone) return { invitations: [] };
    const rows = await repository.openForCustomer(db, customer.id, customer.phone, clock());
    return { invitations: rows.map(customerView) };
  }

  /** The invitation, locked, when it is to this customer's number; else not found, as one that does not exist. */
  async function lockOwn(tx: Executor, customer: InvitedCustomer, invitationId: string) {
    const found = await repository.lockById(tx, invitationId);
    if (!found || customer.phone === null || found.phone !== customer.phone) throw new AppError('invitation_not_found');
    return found;
  }

  /**
   * POST /api/customer/invitations/:id/accept: opens the account with the invitation's limit
   * through the ledger and marks the invitation accepted, in one transaction.
   */
  async function accept(customer: InvitedCustomer, invitationId: string): Promise<{ creditAccount: CustomerCreditAccount }> {
    const now = clock();
    const accountId = randomUUID();
    const row = await inTransaction(db, async (tx) => {
      const found = await lockOwn(tx, customer, invitationId);
      if (!isOpen(found, now)) throw new AppError('invitation_not_pending');
      const opened = await ledger.openAccount(tx, {
        id: accountId, customerId: customer.id, businessId: found.businessId, limitPaise: found.limitPaise, now,
      });
      if (!opened) throw new AppError('invitation_account_exists', { businessName: found.businessName });
      await stats.bumpPlatform(tx, { creditAccounts: 1, creditLimitPaise: found.limitPaise });
      await repository.decide(tx, found.id, { status: 'accepted', decidedAt: now, customerId: customer.id, creditAccountId: accountId });
      return found;
    });
    announce(row, 'accepted', customer.id);
    const account = (await credit.listForCustomer(customer.id)).find((candidate) => candidate.id === accountId);
    assert(account, 'the credit account an invitation just opened exists');
    return { creditAccount: account };
  }

  /** POST /api/customer/invitations/:id/decline. */
  async function decline(customer: InvitedCustomer, invitationId: string): Promise<{ success: true }> {
    const now = clock();
    const row = await inTransaction(db, async (tx) => {
      const found = await lockOwn(tx, customer, invitationId);
      if (!isOpen(found, now)) throw new AppError('invitation_not_pending');
      await repository.decide(tx, found.id, { status: 'declined', decidedAt: now, customerId: customer.id });
      return found;
    });
    announce(row, 'declined', customer.id);
    return { success: true };
  }

  /** The invitation of a short link; a code of the wrong shape is not looked up. */
  async function byCode(code: string): Promise<InvitationRow> {
    const row = isShortCode(code, invitationLinkCodeLength) ? await repository.findByCode(db, code) : null;
    if (!row) throw new AppError('invitation_not_found');
    return row;
  }

  /** GET /api/invitations/:code: what the link shows whoever opens it. */
  async function link(code: string): Promise<InvitationLink> {
    const row = await byCode(code);
    return {
      id: row.id,
      businessName: row.businessName,
      name: row.name,
      phoneNumber: row.phone,
      creditLimit: toWireAmount(row.limitPaise),
      language: row.language,
      status: statusAt(row, clock()),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /**
   * POST /api/invitations/:code/refuse, "I don't want this": an open invitation is declined
   * (one already over stays as it is), and the shop cannot invite the number again: its next
   * invitations are answered as usual and sent nowhere. An accepted or cancelled one is no
   * longer the number's to refuse (409).
   */
  async function refuse(code: string): Promise<{ success: true }> {
    const { id } = await byCode(code);
    const now = clock();
    const declined = await inTransaction(db, async (tx) => {
      const found = await repository.lockById(tx, id);
      assert(found, 'an invitation found by its code exists');
      if (found.status === 'accepted' || found.status === 'cancelled') throw new AppError('invitation_not_pending');
      const open = isOpen(found, now);
      if (found.status === 'pending') await repository.decide(tx, found.id, open ? { status: 'declined', decidedAt: now } : { status: 'expired', decidedAt: null });
      await repository.block(tx, found.businessId, found.phone, now);
      return open ? found : null;
    });
    if (declined) announce(declined, 'declined', await invitedCustomer(declined));
    return { success: true };
  }

  return { invite, listForBusiness, cancel, listForCustomer, accept, decline, link, refuse };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
