/** SQL for business profiles, admin decisions and their audit trail. */
import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { BusinessStatus } from '@common/api/types';
import type { BasisPoints, Paise } from '@common/money';
import type { KeysetCursor } from '../../cursor';
import type { Executor } from '../../db/client';
import { businessDecisions, businesses, shopMembers, users } from '../../db/schema';

const profileColumns = {
  id: businesses.id,
  userId: businesses.userId,
  businessName: businesses.businessName,
  businessType: businesses.businessType,
  email: users.email,
  address: businesses.address,
  status: businesses.status,
  feeBasisPoints: businesses.feeBasisPoints,
  maxCreditLimitPaise: businesses.maxCreditLimitPaise,
  creditPeriodDays: businesses.creditPeriodDays,
  upiVpa: businesses.upiVpa,
  description: businesses.description,
  rejectionReason: businesses.rejectionReason,
  decisionNotes: businesses.decisionNotes,
  decidedAt: businesses.decidedAt,
  createdAt: businesses.createdAt,
  contactName: users.name,
  phone: users.phone,
};

export async function insert(tx: Executor, business: typeof businesses.$inferInsert): Promise<void> {
  await tx.insert(businesses).values(business);
}

/** The shop's first owner: the business account itself. */
export async function insertFoundingMember(
  tx: Executor, member: { id: string; businessId: string; userId: string; name: string; createdAt: Date },
): Promise<void> {
  await tx.insert(shopMembers).values({ ...member, role: 'owner', founding: true });
}

export type BusinessRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** Newest first, keyset-paginated on (created_at, id). */
export async function list(db: Executor, options: { status?: BusinessStatus; limit: number; after?: KeysetCursor }) {
  const conditions: (SQL | undefined)[] = [];
  if (options.status) conditions.push(eq(businesses.status, options.status));
  if (options.after) {
    conditions.push(or(
      lt(businesses.createdAt, options.after.createdAt),
      and(eq(businesses.createdAt, options.after.createdAt), lt(businesses.id, options.after.id)),
    ));
  }
  return db.select(profileColumns).from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(and(...conditions))
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(options.limit);
}

/** Locks the listed businesses for a decision, in a stable order to avoid deadlocks. */
export async function lockForDecision(tx: Executor, ids: string[]) {
  return tx.select({ id: businesses.id, status: businesses.status, businessName: businesses.businessName })
    .from(businesses).where(inArray(businesses.id, ids)).orderBy(businesses.id).for('update');
}

export async function applyDecision(tx: Executor, ids: string[], decision: {
  status: Exclude<BusinessStatus, 'pending'>; reason: string | null; notes: string | null; decidedBy: string; decidedAt: Date;
  feeBasisPoints?: BasisPoints; maxCreditLimitPaise?: Paise;
}): Promise<void> {
  await tx.update(businesses).set({
    status: decision.status,
    rejectionReason: decision.reason,
    decisionNotes: decision.notes,
    decidedBy: decision.decidedBy,
    decidedAt: decision.decidedAt,
    ...(decision.feeBasisPoints !== undefined ? { feeBasisPoints: decision.feeBasisPoints } : {}),
    ...(decision.maxCreditLimitPaise !== undefined ? { maxCreditLimitPaise: decision.maxCreditLimitPaise } : {}),
  }).where(inArray(businesses.id, ids));
}

export async function insertDecisions(tx: Executor, rows: (typeof businessDecisions.$inferInsert)[]): Promise<void> {
  await tx.insert(businessDecisions).values(rows);
}

export async function updateTerms(
  tx: Executor, id: string, terms: { feeBasisPoints?: BasisPoints; maxCreditLimitPaise?: Paise },
): Promise<boolean> {
  const rows = await tx.update(businesses).set(terms).where(eq(businesses.id, id)).returning({ id: businesses.id });
  return rows.length === 1;
}

export async function findById(db: Executor, id: string) {
  const rows = await db.select(profileColumns).from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(businesses.id, id)).limit(1);
  return rows[0] ?? null;
}

export const decisionsOf = (db: Executor, businessId: string) =>
  db.select().from(businessDecisions).where(eq(businessDecisions.businessId, businessId))
    .orderBy(desc(businessDecisions.decidedAt));

/** The shop's dues settings as they are, locked until the caller's transaction ends. */
export async function lockSettings(tx: Executor, id: string) {
  const rows = await tx.select({ creditPeriodDays: businesses.creditPeriodDays, upiVpa: businesses.upiVpa })
    .from(businesses).where(eq(businesses.id, id)).for('update');
  return rows[0] ?? null;
}

/** The merchant's dues settings; a later period changes only later payments' due dates. */
export async function updateSettings(tx: Executor, id: string, settings: { creditPeriodDays: number; upiVpa: string | null }) {
  await tx.update(businesses).set(settings).where(eq(businesses.id, id));
}
