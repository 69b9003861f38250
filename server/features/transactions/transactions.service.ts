/**
 * The ledger's rows as both histories, the receipts and the statements show them: newest
 * first, keyset-paginated, each with what became of it since (refunds, a reversal, a report).
 */
import type { PaymentReportSummary, TransactionPage, TransactionView } from '@common/api/types';
import { historyPageSize, historyPageSizeMax, refundDaysMax, reversalDaysMax } from '@common/limits';
import { availableCredit, toWireAmount } from '@common/money';
import type { HistoryQuery } from '@common/schemas/payments';
import { assert } from '../../assert';
import { addSeconds, type Clock } from '../../clock';
import { decodeCursor, encodeCursor } from '../../cursor';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { BusinessService } from '../businesses/businesses.service';
import * as repository from './transactions.repository';

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

/** A ledger row as the histories and receipts show it, at `now`. */
export function transactionView(row: repository.TransactionRow, now: Date): TransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: toWireAmount(row.amountPaise),
    fee: toWireAmount(row.feePaise),
    totalAmount: toWireAmount(row.totalPaise),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    businessId: row.businessId,
    business: { businessName: row.businessName },
    customerName: row.customerName,
    description: row.description,
    availableCredit: toWireAmount(availableCredit(row.limitPaiseAfter, row.owedPaiseAfter)),
    originalId: row.originalId,
    reason: row.reason,
    ...followUpView(row, now),
    report: reportSummary(row),
    bySmsCode: row.bySmsCode,
  };
}

export function createTransactionService(deps: { db: Db; clock: Clock; businesses: BusinessService }) {
  const { db, clock, businesses } = deps;

  async function pageOf(scope: { customerId?: string; businessId?: string }, query: HistoryQuery): Promise<TransactionPage> {
    const limit = Math.min(Math.max(query.limit ?? historyPageSize, 1), historyPageSizeMax);
    const rows = await repository.page(db, scope, limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
    const shown = rows.slice(0, limit);
    const now = clock();
    return {
      transactions: shown.map((row) => transactionView(row, now)),
      nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!) : null,
    };
  }

  const forCustomer = (customerId: string, query: HistoryQuery) =>
    pageOf({ customerId, businessId: query.businessId }, query);

  async function forBusiness(userId: string, query: HistoryQuery): Promise<TransactionPage> {
    const business = await businesses.findOwn(userId);
    if (!business) return { transactions: [], nextCursor: null };
    return pageOf({ businessId: business.id }, query);
  }

  async function view(executor: Executor, id: string): Promise<TransactionView> {
    const row = await repository.findById(executor, id);
    assert(row, 'a ledger row viewed right after it was written exists');
    return transactionView(row, clock());
  }

  /**
   * One ledger row for a receipt: the customer's own, or a merchant's own
   * business's. Anyone else's is "not found", as a row that does not exist.
   */
  async function findOwn(user: { id: string; role: string }, id: string): Promise<TransactionView> {
    let owner: { customerId: string } | { businessId: string } | null = null;
    if (user.role === 'customer') owner = { customerId: user.id };
    else if (user.role === 'business') {
      const business = await businesses.findOwn(user.id);
      if (business) owner = { businessId: business.id };
    }
    const row = owner ? await repository.findById(db, id, owner) : null;
    if (!row) throw new AppError('transaction_not_found');
    return transactionView(row, clock());
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
