/** SQL for the shop's audit log (shop_audit; the ledger's own rows are read from transactions). */
import type { Paise } from '@common/money';
import type { AuditAction } from '@common/schemas/staff';
import type { Executor } from '../../db/client';
import { shopAudit } from '../../db/schema';
import type { ShopRole } from '@common/permissions';

export interface AuditRow {
  id: string;
  businessId: string;
  memberId: string;
  role: ShopRole;
  action: AuditAction;
  subject: string | null;
  amountPaise: Paise | null;
  details: Record<string, string>;
  createdAt: Date;
}

export async function insertAudit(tx: Executor, row: AuditRow): Promise<void> {
  await tx.insert(shopAudit).values(row);
}
