/**
 * The ledger's rows as both histories, the receipts and the statements show them: newest
 * first, keyset-paginated, each with what became of it since (refunds, a reversal, a report).
 */
import type { PaymentReportSummary, TransactionPage, TransactionView } from '@common/api/types';
import { historyPageSize, historyPageSizeMax, refundDaysMax, reversalDaysMax } from '@common/limits';
import { availableCredit, toWireAmount } from '@common/money';
import { mayDo, type ShopRole } from '@common/permissions';
import type { HistoryQuery } from '@common/schemas/payments';
import type { Actor } from '../../actor';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { decodeCursor, encodeCursor } from '../../cursor';
import type { Db, Executor } from '../../db/client';
import type { Freshness, ReadRouting } from '../../db/read-routing';
import { AppError } from '../../errors';
import { indiaDay, indiaDayStart } from '../../india-days';
import * as repository from './transactions.repository';

/** Whose ledger rows: a customer's own, or a shop's (whose side also sees who at the shop wrote each). */
export type LedgerOwner = { customerId: string } | { businessId: string };

/** The two sides a ledger row is shown to. */
export type LedgerSide = 'customer' | 'merchant';

/** The side an owner reads from: a customer's own rows, or a shop's. */
export const sideOf = (owner: LedgerOwner): LedgerSide => ('customerId' in owner ? 'customer' : 'merchant');

const daySeconds = 24 * 60 * 60;

/**
 * The end of a window of `days` days from `start`, while `now` is still in it; else null.
 * The ledger refuses a refund or a reversal only after this instant (khata_refund, khata_reverse).
 */
function openUntil(start: Date, days: number, now: Date): string | null {
  const end = addSeconds(start, days * daySeconds);
  return now.getTime() <= end.getTime() ? end.toISOString() : null;
}

function reportSummary(row: repository.TransactionRow): PaymentReportSummary | null {
  if (row.reportId === null || row.reportReason === null || row.reportStatus === null || row.reportCreatedAt === null) return null;
  return {
    id: row.reportId,
    reason: row.reportReason,
    status: row.reportStatus,
    note: row.reportNote,
    declineReason: row.reportDeclineReason,
    createdAt: row.reportCreatedAt.toISOString(),
  };
}

/** What became of a ledger row since it was written, as its views show it. */
export type FollowUpView = Pick<TransactionView, 'refunded' | 'refundedFee' | 'refundableUntil' | 'reversibleUntil' | 'reversed'>;

/**
 * At `now`: how much of a payment was refunded and until when the rest can be
 * (docs/product.md#refunds-and-reports); until when a cash repayment (not a confirmed UPI
 * claim's, not reversed yet) can be reversed. The one place the two windows are read.
 */
export function followUpView(
  row: Pick<repository.TransactionRow, 'type' | 'amountPaise' | 'createdAt'> & Omit<repository.FollowUpRow, 'id'>, now: Date,
): FollowUpView {
  const refundable = row.type === 'payment' && row.amountPaise - row.refundedPaise > 0;
  const reversible = row.type === 'repayment' && !row.reversed && !row.fromClaim;
  return {
    refunded: toWireAmount(row.refundedPaise),
    refundedFee: toWireAmount(row.refundedFeePaise),
    refundableUntil: refundable ? openUntil(row.createdAt, refundDaysMax, now) : null,
    reversibleUntil: reversible ? openUntil(row.createdAt, reversalDaysMax, now) : null,
    reversed: row.reversed,
  };
}

/**
 * Who at the shop wrote a row, "by Ravi (Cashier)": the shop's side only. A customer's
 * receipt and history name the shop alone (docs/product.md#staff), and a row no person
 * wrote (a payment by PIN) names no one.
 */
export function actorOf(row: { actorName: string | null; actorRole: ShopRole | null }, side: LedgerSide): TransactionView['by'] {
  if (side === 'customer' || row.actorName === null || row.actorRole === null) return null;
  return { name: row.actorName, role: row.actorRole };
}

/** A ledger row as the histories and receipts of `side` show it, at `now`. */
export function transactionView(row: repository.TransactionRow, now: Date, side: LedgerSide): TransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: toWireAmount(row.amountPaise),
    fee: toWireAmount(row.feePaise),
    totalAmount: toWireAmount(row.totalPaise),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    businessId: row.businessId,
    business: { businessName: row.businessName, address: row.businessAddress, phone: row.businessPhone },
    customerName: row.customerName,
    description: row.description,
    availableCredit: toWireAmount(availableCredit(row.limitPaiseAfter, row.owedPaiseAfter)),
    originalId: row.originalId,
    reason: row.reason,
    ...followUpView(row, now),
    report: reportSummary(row),
    bySmsCode: row.bySmsCode,
    by: actorOf(row, side),
  };
}

export function createTransactionService(deps: { db: Db; clock: Clock; reads: ReadRouting }) {
  const { db, clock, reads } = deps;

  /**
   * A page of a history. The newest page (no cursor) is always the primary's: it is what a
   * live event makes the web refetch (a shop confirming a customer's payment at the counter,
   * a customer seeing the shop's refund), and a 20-row index range scan. An older page (a
   * cursor) is a read that may lag, so from the replica unless `freshness` says otherwise.
   */
  async function pageOf(
    scope: { customerId?: string; businessId?: string; since?: Date }, side: LedgerSide, query: HistoryQuery, freshness: Freshness,
  ): Promise<TransactionPage> {
    const limit = Math.min(Math.max(query.limit ?? historyPageSize, 1), historyPageSizeMax);
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await reads.lagging(cursor ? freshness : 'fresh', (reader) => repository.page(reader, scope, limit + 1, cursor));
    const shown = rows.slice(0, limit);
    const now = clock();
    return {
      transactions: shown.map((row) => transactionView(row, now, side)),
      nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!) : null,
    };
  }

  const forCustomer = (customerId: string, query: HistoryQuery, freshness: Freshness = 'fresh') =>
    pageOf({ customerId, businessId: query.businessId }, 'customer', query, freshness);

  /**
   * The shop's history. A person whose role does not read the whole history (a cashier) sees
   * the payments of today, the India day, only: an older cursor's page is empty.
   */
  async function forBusiness(actor: Actor, query: HistoryQuery, freshness: Freshness = 'fresh'): Promise<TransactionPage> {
    const since = mayDo(actor.role, 'history') ? undefined : indiaDayStart(indiaDay(clock()));
    return pageOf({ businessId: actor.businessId, since }, 'merchant', query, freshness);
  }

  /** A row just written for the shop (a repayment, a charge, a refund…), as the shop sees it. */
  async function view(executor: Executor, id: string): Promise<TransactionView> {
    const row = await repository.findById(executor, id);
    assert(row, 'a ledger row viewed right after it was written exists');
    return transactionView(row, clock(), 'merchant');
  }

  /**
   * One ledger row for a receipt: the customer's own, or the shop's own, each as their side
   * sees it. Anyone else's is "not found", as a row that does not exist.
   */
  async function findOwn(owner: LedgerOwner, id: string): Promise<TransactionView> {
    const row = await repository.findById(db, id, owner);
    if (!row) throw new AppError('transaction_not_found');
    return transactionView(row, clock(), sideOf(owner));
  }

  /**
   * What became of rows read elsewhere (a statement's), by id, in one query: each row's
   * view of it, now. A row not found has none.
   */
  async function followUps(
    executor: Executor, rows: readonly Pick<repository.TransactionRow, 'id' | 'type' | 'amountPaise' | 'createdAt'>[],
  ): Promise<Map<string, FollowUpView>> {
    if (rows.length === 0) return new Map();
    const found = new Map((await repository.followUpsOf(executor, rows.map((row) => row.id))).map((row) => [row.id, row]));
    const now = clock();
    const views = new Map<string, FollowUpView>();
    for (const row of rows) {
      const followUp = found.get(row.id);
      if (followUp) views.set(row.id, followUpView({ ...row, ...followUp }, now));
    }
    return views;
  }

  return { forCustomer, forBusiness, findOwn, view, followUps };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
