/**
 * The shop's audit log (docs/product.md#staff): what each person did, with their role then.
 * Ledger rows record their person themselves (transactions.actor_member_id); everything else
 * a person does at a shop is recorded here, in the transaction that does it. An owner reads
 * both as one log, newest first, kept auditRetentionDays, on screen a page at a time or as a
 * CSV file.
 */
import type * as z from 'zod/mini';
import { auditExportRowsMax, auditPageRowsMax, auditRetentionDays } from '@common/limits';
import { toWireAmount, type Paise } from '@common/money';
import type { auditEntry } from '@common/schemas/responses';
import type { AuditAction, AuditQuery } from '@common/schemas/staff';
import type { Actor } from '../../actor';
import { addSeconds, type Clock } from '../../clock';
import { csvDocument, figureCell, textCell } from '../../csv';
import { decodeCursor, encodeCursor } from '../../cursor';
import type { Db, Executor } from '../../db/client';
import { uuidv7 } from '../../ids';
import { indiaDay, indiaDayEnd, indiaDayStart, indiaMinute } from '../../india-days';
import * as repository from './audit.repository';
import { roleNames } from './role-names';

export type AuditEntry = z.output<typeof auditEntry>;

export interface AuditNote {
  action: AuditAction;
  /** Whom or what it was about, as shown then: a customer's or a person's name. */
  subject?: string | null;
  amountPaise?: Paise | null;
  /** Particulars for the log's line (old and new values), as strings. */
  details?: Record<string, string>;
}

const daySeconds = 24 * 3600;

/** The CSV's header row. */
export const auditCsvHeader = ['Date', 'Person', 'Role', 'Action', 'Customer or person', 'Amount', 'Details'] as const;

/** Each action as the file names it (English, as the statements' files are). */
const actionNames = {
  repayment: 'Repayment',
  refund: 'Refund',
  reversal: 'Reversal',
  charge: 'Charge approved by SMS code',
  credit_account_opened: 'Credit account opened',
  limit_changed: 'Credit limit changed',
  due_date_moved: 'Due date moved',
  customer_invited: 'Customer invited',
  customer_invitation_cancelled: 'Customer invitation cancelled',
  counter_signup: 'Customer signed up at the counter',
  claim_confirmed: 'UPI claim confirmed',
  claim_declined: 'UPI claim declined',
  report_declined: 'Payment report declined',
  reminder_sent: 'Reminder sent',
  reminders_sent: 'Reminders sent',
  reminder_settings_changed: 'Reminder settings changed',
  reminder_exclusion_changed: 'Reminders turned on or off for a customer',
  settings_changed: 'Settings changed',
  payment_code_created: 'Payment code created',
  staff_invited: 'Person invited',
  staff_invitation_cancelled: 'Invitation of a person cancelled',
  staff_joined: 'Joined the shop',
  staff_changed: 'Role or limits changed',
  staff_revoked: 'Access revoked',
  counter_opened: 'Counter mode opened',
  counter_closed: 'Counter mode closed',
} as const satisfies Record<AuditAction, string>;

function entryView(row: repository.AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    by: { memberId: row.memberId, name: row.memberName, role: row.role },
    action: row.action,
    subject: row.subject,
    amount: row.amountPaise === null ? null : toWireAmount(row.amountPaise),
    details: row.details,
  };
}

/** One line of the file: texts through textCell (a name typed as "=cmd" is never run), the amount a figure. */
function csvRow(row: repository.AuditEntryRow): string[] {
  const details = Object.entries(row.details).map(([name, value]) => `${name}: ${value}`).join('; ');
  const action = row.action === 'repayment' ? (row.details.upiReference === undefined ? 'Cash repayment' : 'UPI repayment') : actionNames[row.action];
  return [
    textCell(indiaMinute(row.createdAt)), textCell(row.memberName), textCell(roleNames[row.role]), textCell(action),
    textCell(row.subject ?? ''), figureCell(row.amountPaise === null ? '' : toWireAmount(row.amountPaise)), textCell(details),
  ];
}

/**
 * The particulars as jsonb holds them: a lone UTF-16 surrogate (which a text column stores as
 * U+FFFD through the driver's UTF-8) would make jsonb refuse the row, so it becomes U+FFFD here.
 */
function wellFormed(details: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([name, value]) => [name, value.replace(/\p{Surrogate}/gu, '\uFFFD')]));
}

export function createAuditService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Records what `actor` did, inside the caller's transaction `tx`; returns the line's id. */
  async function record(tx: Executor, actor: Actor, note: AuditNote): Promise<string> {
    const now = clock();
    const id = uuidv7(now.getTime());
    await repository.insertAudit(tx, {
      id,
      businessId: actor.businessId,
      memberId: actor.memberId,
      role: actor.role,
      action: note.action,
      subject: note.subject ?? null,
      amountPaise: note.amountPaise ?? null,
      details: wellFormed(note.details ?? {}),
      createdAt: now,
    });
    return id;
  }

  /**
   * A line that counts what one act did over several transactions (a batch of reminders,
   * each SMS queued in its own): its `count` particular, set in the transaction `tx` of each
   * thing counted, so the line and what it counts are always committed together.
   */
  async function recount(tx: Executor, entryId: string, count: number): Promise<void> {
    await repository.setCount(tx, entryId, count);
  }

  /** The first instant the log still keeps (the purge deletes what is older). */
  const keptSince = (now: Date) => addSeconds(now, -auditRetentionDays * daySeconds);

  /** The query's filters on the actor's shop: India days from/to, both included, never older than the log keeps. */
  function filterOf(actor: Actor, query: AuditQuery, now: Date): repository.AuditFilter {
    const oldest = keptSince(now);
    const from = query.from === undefined ? oldest : new Date(Math.max(indiaDayStart(query.from).getTime(), oldest.getTime()));
    return {
      businessId: actor.businessId, from, until: query.to === undefined ? null : indiaDayEnd(query.to),
      memberId: query.memberId ?? null, action: query.action ?? null,
    };
  }

  /** GET /api/business/audit: a page of the log, newest first, and the cursor of the next. */
  async function list(actor: Actor, query: AuditQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    const limit = query.limit ?? auditPageRowsMax;
    const rows = await repository.page(db, filterOf(actor, query, clock()), cursor, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { entries: shown.map(entryView), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /**
   * GET /api/business/audit.csv: the log with the same filters (the cursor and page size
   * aside), newest first, at most auditExportRowsMax lines, and the file's name from its days.
   */
  async function csv(actor: Actor, query: AuditQuery): Promise<{ fileName: string; content: string }> {
    const now = clock();
    const filter = filterOf(actor, query, now);
    const rows = await repository.page(db, filter, null, auditExportRowsMax);
    const from = query.from ?? indiaDay(keptSince(now));
    const to = query.to ?? indiaDay(now);
    return {
      fileName: `khata-audit-${from}-${to}.csv`,
      content: csvDocument([auditCsvHeader.map(textCell), ...rows.map(csvRow)]),
    };
  }

  return { record, recount, list, csv };
}

export type AuditService = ReturnType<typeof createAuditService>;
