/** The ledger's rows as both histories show them, newest first, keyset-paginated. */
import type { TransactionPage, TransactionView } from '@common/api/types';
import { historyPageSize, historyPageSizeMax } from '@common/limits';
import { availableCredit, toWireAmount } from '@common/money';
import type { HistoryQuery } from '@common/schemas/payments';
import { assert } from '../../assert';
import { decodeCursor, encodeCursor } from '../../cursor';
import type { Db, Executor } from '../../db/client';
import type { transactions } from '../../db/schema';
import { AppError } from '../../errors';
import type { BusinessService } from '../businesses/businesses.service';
import * as repository from './transactions.repository';

export function transactionView(row: repository.TransactionRow): TransactionView {
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
  };
}

export function createTransactionService(deps: { db: Db; businesses: BusinessService }) {
  const { db, businesses } = deps;

  async function pageOf(scope: { customerId?: string; businessId?: string }, query: HistoryQuery): Promise<TransactionPage> {
    const limit = Math.min(Math.max(query.limit ?? historyPageSize, 1), historyPageSizeMax);
    const rows = await repository.page(db, scope, limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
    const shown = rows.slice(0, limit);
    return {
      transactions: shown.map(transactionView),
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

  const record = (tx: Executor, row: typeof transactions.$inferInsert) => repository.insert(tx, row);

  async function view(executor: Executor, id: string): Promise<TransactionView> {
    const row = await repository.findById(executor, id);
    assert(row, 'a ledger row viewed right after it was written exists');
    return transactionView(row);
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
    return transactionView(row);
  }

  return { forCustomer, forBusiness, findOwn, record, view };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
