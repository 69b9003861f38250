/**
 * SQL for the shop's audit log: its own rows (shop_audit), and the log as the owner reads it,
 * those rows and the shop's ledger rows that record their person (transactions.actor_member_id)
 * in one list, newest first.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Paise } from '@common/money';
import type { ShopRole } from '@common/permissions';
import type { AuditAction } from '@common/schemas/staff';
import type { KeysetCursor } from '../../cursor';
import { rowsOf, type Executor } from '../../db/client';
import { shopAudit } from '../../db/schema';

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

/** Sets a line's `count` particular, keeping its others. */
export async function setCount(tx: Executor, id: string, count: number): Promise<void> {
  await tx.update(shopAudit)
    .set({ details: sql`${shopAudit.details} || jsonb_build_object('count', ${String(count)}::text)` })
    .where(eq(shopAudit.id, id));
}

/** The ledger's rows the log lists, each an action of its own; a charge is a payment approved by SMS code. */
const ledgerActions = ['repayment', 'refund', 'reversal', 'charge'] as const satisfies readonly AuditAction[];
type LedgerAction = typeof ledgerActions[number];
const isLedgerAction = (action: AuditAction): action is LedgerAction => (ledgerActions as readonly AuditAction[]).includes(action);

export interface AuditFilter {
  businessId: string;
  /** The first instant listed (the start of the range, or of the log's retention, whichever is later) and the end, excluded. */
  from: Date;
  until: Date | null;
  memberId: string | null;
  action: AuditAction | null;
}

export interface AuditEntryRow {
  id: string;
  createdAt: Date;
  memberId: string;
  memberName: string;
  role: ShopRole;
  action: AuditAction;
  subject: string | null;
  amountPaise: Paise | null;
  details: Record<string, string>;
}

/**
 * One page of the log, newest first, after `cursor` (keyset on (created_at, id)); each part
 * reads its own index range (transactions by the shop's day, shop_audit_business_created_idx).
 * A ledger row's subject is its customer's name, its particulars the merchant's reason (a
 * refund's, a reversal's), a confirmed claim's UPI reference (`upiReference`, '' when the
 * customer gave none; a cash repayment has none) and a charge's note.
 */
export async function page(db: Executor, filter: AuditFilter, cursor: KeysetCursor | null, limit: number): Promise<AuditEntryRow[]> {
  const within = (createdAt: SQL, id: SQL) => sql.join([
    sql`${createdAt} >= ${filter.from.toISOString()}::timestamptz`,
    filter.until ? sql`${createdAt} < ${filter.until.toISOString()}::timestamptz` : sql`true`,
    cursor ? sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql`true`,
  ], sql` and `);
  const ledgerAction = filter.action === null ? sql`(t.type in ('repayment', 'refund', 'reversal') or (t.type = 'payment' and t.by_sms_code))`
    : !isLedgerAction(filter.action) ? sql`false`
      : filter.action === 'charge' ? sql`(t.type = 'payment' and t.by_sms_code)` : sql`t.type = ${filter.action}`;
  const auditAction = filter.action === null ? sql`true` : isLedgerAction(filter.action) ? sql`false` : sql`a.action = ${filter.action}`;
  const ledgerMember = filter.memberId === null ? sql`t.actor_member_id is not null` : sql`t.actor_member_id = ${filter.memberId}::uuid`;
  const auditMember = filter.memberId === null ? sql`true` : sql`a.member_id = ${filter.memberId}::uuid`;
  const order = sql`order by "createdAt" desc, id desc limit ${limit}`;
  const rows = rowsOf<Omit<AuditEntryRow, 'createdAt' | 'amountPaise'> & { createdAt: Date | string; amount: string | null }>(await db.execute(sql`
    (select t.id, t.created_at as "createdAt", t.actor_member_id as "memberId", m.name as "memberName", t.actor_role as role,
        case when t.type = 'payment' then 'charge' else t.type end as action, u.name as subject, t.amount_paise::text as amount,
        jsonb_strip_nulls(jsonb_build_object('reason', t.reason,
          'upiReference', case when t.type = 'repayment' and t.description is not null then btrim(regexp_replace(t.description, '^UPI', '')) end,
          'note', case when t.type = 'payment' then t.description end)) as details
      from transactions t
      join shop_members m on m.id = t.actor_member_id
      join users u on u.id = t.customer_id
      where t.business_id = ${filter.businessId}::uuid and ${ledgerMember} and ${ledgerAction}
        and ${within(sql`t.created_at`, sql`t.id`)}
      ${order})
    union all
    (select a.id, a.created_at as "createdAt", a.member_id as "memberId", m.name as "memberName", a.role, a.action, a.subject,
        a.amount_paise::text as amount, a.details
      from shop_audit a
      join shop_members m on m.id = a.member_id
      where a.business_id = ${filter.businessId}::uuid and ${auditMember} and ${auditAction}
        and ${within(sql`a.created_at`, sql`a.id`)}
      ${order})
    ${order}`));
  return rows.map(({ amount, createdAt, ...row }) => ({
    ...row, createdAt: new Date(createdAt), amountPaise: amount === null ? null : Number(amount) as Paise,
  }));
}
