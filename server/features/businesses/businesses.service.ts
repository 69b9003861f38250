/**
 * Businesses: the profile a merchant sees, the admin's review of applications (all or
 * nothing, with an audit trail) and the terms (fee rate, maximum credit limit).
 */
import { randomUUID } from 'node:crypto';
import type { AdminBusiness, BusinessProfile, BusinessSettings, BusinessStatus } from '@common/api/types';
import { formatRupees, toWireAmount, toWirePercent } from '@common/money';
import { feeBasisPointsDefault, maxCreditLimitPaiseDefault } from '@common/limits';
import type { BusinessTermsBody, DecideBusinessesBody } from '@common/schemas/admin';
import type { BusinessSettingsBody } from '@common/schemas/dues';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import type { Clock } from '../../clock';
import { decodeCursor, encodeCursor } from '../../cursor';
import { inTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import { changeDetails } from '../audit/change-details';
import type { StatsService } from '../stats/stats.service';
import * as repository from './businesses.repository';

export type Business = repository.BusinessRow;

export function businessProfile(row: Business): BusinessProfile {
  return {
    id: row.id,
    businessName: row.businessName,
    businessType: row.businessType,
    email: row.email ?? '',
    address: row.address,
    status: row.status,
    transactionFeePercent: toWirePercent(row.feeBasisPoints),
    maxCreditLimit: toWireAmount(row.maxCreditLimitPaise),
    description: row.description,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

const adminView = (row: Business): AdminBusiness => ({
  ...businessProfile(row),
  contactName: row.contactName,
  phone: row.phone,
  decisionNotes: row.decisionNotes,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export function createBusinessService(deps: {
  db: Db; clock: Clock; stats: StatsService; audit: AuditService;
  /**
   * Tells a merchant's open app of a decision on their business: the live events'
   * publishStatus, handed in by app.ts. A function, not the event service, because events
   * sit above businesses (a merchant's stream asks which shop is theirs).
   */
  publishStatus: (change: { businessId: string; status: BusinessStatus }) => void;
}) {
  const { db, clock, stats, audit, publishStatus } = deps;

  /** A business by its id: the shop a session acts for (its membership's), or null. */
  const findById = (businessId: string) => repository.findById(db, businessId);

  /**
   * A new application, pending review, inside the registration's transaction; the business
   * account becomes the shop's first owner under its contact name. Returns that membership's id,
   * which the account's sessions act as.
   */
  async function createApplication(tx: Executor, application: {
    userId: string; contactName: string; businessName: string; businessType: string; address: string;
  }): Promise<{ businessId: string; memberId: string }> {
    const { contactName, ...business } = application;
    const businessId = randomUUID();
    const memberId = randomUUID();
    const now = clock();
    await repository.insert(tx, {
      id: businessId, ...business, status: 'pending', feeBasisPoints: feeBasisPointsDefault,
      maxCreditLimitPaise: maxCreditLimitPaiseDefault, createdAt: now,
    });
    await repository.insertFoundingMember(tx, { id: memberId, businessId, userId: application.userId, name: contactName, createdAt: now });
    await stats.bumpPlatform(tx, { pendingBusinesses: 1 });
    return { businessId, memberId };
  }

  /**
   * The actor's shop, which must be approved to act (docs/product.md#merchant-approval):
   * always the membership's, never one the request names.
   */
  async function requireApproved(actor: Actor): Promise<Business> {
    const business = await findById(actor.businessId);
    if (!business) throw new AppError('forbidden');
    if (business.status !== 'approved') {
      throw new AppError('not_approved');
    }
    return business;
  }

  async function list(options: { status?: BusinessStatus; limit: number; cursor?: string }) {
    const rows = await repository.list(db, {
      status: options.status, limit: options.limit + 1, after: options.cursor ? decodeCursor(options.cursor) : undefined,
    });
    const page = rows.slice(0, options.limit);
    return {
      businesses: page.map(adminView),
      nextCursor: rows.length > options.limit ? encodeCursor(page.at(-1)!) : null,
    };
  }

  /** Approves or rejects pending applications, all or none. */
  async function decide(adminId: string, body: DecideBusinessesBody): Promise<number> {
    const reason = body.reason || null;
    if (body.action === 'reject' && !reason) {
      throw new AppError('reject_reason_missing');
    }
    const ids = [...new Set(body.businessIds)];
    const status = body.action === 'approve' ? 'approved' : 'rejected';
    const decided = await inTransaction(db, async (tx) => {
      const found = await repository.lockForDecision(tx, ids);
      if (found.length !== ids.length) throw new AppError('businesses_not_found');
      const decided = found.find((b) => b.status !== 'pending');
      if (decided) {
        throw new AppError('already_decided', { businessName: decided.businessName, status: decided.status });
      }
      const now = clock();
      await repository.applyDecision(tx, ids, {
        status,
        reason: body.action === 'reject' ? reason : null,
        notes: body.notes || null,
        decidedBy: adminId,
        decidedAt: now,
        feeBasisPoints: body.action === 'approve' ? body.transactionFeePercent : undefined,
        maxCreditLimitPaise: body.action === 'approve' ? body.maxCreditLimit : undefined,
      });
      await repository.insertDecisions(tx, ids.map((businessId) => ({
        id: randomUUID(), businessId, action: body.action, reason: body.action === 'reject' ? reason : null,
        notes: body.notes || null, decidedBy: adminId, decidedAt: now,
      })));
      await stats.bumpPlatform(tx, {
        pendingBusinesses: -ids.length,
        [status === 'approved' ? 'approvedBusinesses' : 'rejectedBusinesses']: ids.length,
      });
      return ids.length;
    });
    // After the commit: each merchant's open app changes without a reload.
    for (const businessId of ids) publishStatus({ businessId, status });
    return decided;
  }

  async function setTerms(businessId: string, terms: BusinessTermsBody): Promise<AdminBusiness> {
    if (terms.transactionFeePercent === undefined && terms.maxCreditLimit === undefined) {
      throw new AppError('terms_change_missing');
    }
    const updated = await inTransaction(db, (tx) => repository.updateTerms(tx, businessId, {
      ...(terms.transactionFeePercent !== undefined ? { feeBasisPoints: terms.transactionFeePercent } : {}),
      ...(terms.maxCreditLimit !== undefined ? { maxCreditLimitPaise: terms.maxCreditLimit } : {}),
    }));
    if (!updated) throw new AppError('business_not_found');
    const business = await repository.findById(db, businessId);
    assert(business, 'the business whose terms just changed exists');
    return adminView(business);
  }

  const decisionsOf = (businessId: string) => repository.decisionsOf(db, businessId);

  /** A limit refused because it is above the business's maximum (422). */
  function refuseAboveMaximum(business: Business, limitPaise: number): void {
    if (limitPaise > business.maxCreditLimitPaise) {
      throw new AppError('limit_above_maximum', { maximum: formatRupees(business.maxCreditLimitPaise) });
    }
  }

  const settingsOf = (row: Business): BusinessSettings => ({ creditPeriodDays: row.creditPeriodDays, upiId: row.upiVpa });

  /** The credit period and UPI ID; a pending merchant may read them. */
  async function settings(actor: Actor): Promise<BusinessSettings> {
    const business = await findById(actor.businessId);
    if (!business) throw new AppError('business_not_found');
    return settingsOf(business);
  }

  /**
   * Changes them; only an approved merchant may. The schema has lowercased the UPI ID. What
   * changed, old and new, goes to the audit log in the same transaction.
   */
  async function changeSettings(actor: Actor, body: BusinessSettingsBody): Promise<BusinessSettings> {
    const business = await requireApproved(actor);
    await inTransaction(db, async (tx) => {
      const before = await repository.lockSettings(tx, business.id);
      assert(before, 'an approved business exists');
      await repository.updateSettings(tx, business.id, { creditPeriodDays: body.creditPeriodDays, upiVpa: body.upiId });
      // The settings' old and new values: creditPeriodDaysFrom/To, upiIdFrom/To (no UPI ID: '').
      const details = changeDetails(
        { creditPeriodDays: before.creditPeriodDays, upiId: before.upiVpa },
        { creditPeriodDays: body.creditPeriodDays, upiId: body.upiId },
      );
      if (Object.keys(details).length > 0) await audit.record(tx, actor, { action: 'settings_changed', details });
    });
    return { creditPeriodDays: body.creditPeriodDays, upiId: body.upiId };
  }

  return {
    findById, createApplication, requireApproved, list, decide, setTerms, decisionsOf, refuseAboveMaximum, settings, changeSettings,
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
