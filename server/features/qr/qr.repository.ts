/** SQL for merchants' payment QR codes. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { BasisPoints, Paise } from '@common/money';
import { assert } from '../../assert';
import { rowsOf, type Executor } from '../../db/client';
import { qrCodes } from '../../db/schema';

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

/** Why a code cannot be paid now, as khata_payable_code decides it; null when it can. */
export type PayableRefusal = 'qr_not_found' | 'qr_already_used' | 'qr_expired' | 'business_not_approved';

/** A code and the business it pays; when `refusal` is set, only `refusal` is meaningful. */
export interface PayableCode {
  id: string;
  businessId: string;
  businessName: string;
  amountPaise: Paise | null;
  feeBasisPoints: BasisPoints;
  description: string | null;
  refusal: PayableRefusal | null;
}

/**
 * A code by its token, checked for payment at `now` by the same SQL function khata_pay
 * runs (khata_payable_code in server/ledger/functions/khata_rules.sql), so validate and pay agree.
 */
export async function payableCode(db: Executor, token: string, now: Date): Promise<PayableCode> {
  const [row] = rowsOf<PayableCode>(await db.execute(sql`
    select id, business_id as "businessId", business_name as "businessName", amount_paise as "amountPaise",
           fee_basis_points as "feeBasisPoints", description, refusal
    from khata_payable_code(${token}, ${now.toISOString()}::timestamptz)`));
  assert(row, 'khata_payable_code answers one row');
  return row;
}
