/** SQL for merchants' payment QR codes. */
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses, qrCodes } from '../../db/schema';

export async function insert(tx: Executor, row: typeof qrCodes.$inferInsert): Promise<void> {
  await tx.insert(qrCodes).values(row);
}

/** The business's most recent codes, optionally only those still payable. */
export async function listForBusiness(db: Executor, businessId: string, options: { activeAt?: Date; limit: number }) {
  return db.select().from(qrCodes)
    .where(and(
      eq(qrCodes.businessId, businessId),
      options.activeAt ? and(gt(qrCodes.expiresAt, options.activeAt), or(isNull(qrCodes.amountPaise), isNull(qrCodes.paidAt))) : undefined,
    ))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(options.limit);
}

/** A code by its token, with the business it pays. */
export async function findByToken(db: Executor, token: string) {
  const rows = await db.select({
    id: qrCodes.id,
    businessId: qrCodes.businessId,
    amountPaise: qrCodes.amountPaise,
    description: qrCodes.description,
    feeBasisPoints: qrCodes.feeBasisPoints,
    expiresAt: qrCodes.expiresAt,
    paidAt: qrCodes.paidAt,
    businessName: businesses.businessName,
    businessStatus: businesses.status,
  }).from(qrCodes)
    .innerJoin(businesses, eq(businesses.id, qrCodes.businessId))
    .where(eq(qrCodes.token, token)).limit(1);
  return rows[0] ?? null;
}
