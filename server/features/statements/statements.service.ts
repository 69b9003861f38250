/**
 * Account statements (docs/product.md#statements): one credit account's ledger over a
 * range of India calendar days, with the amount owed before it, after each row and at its
 * end. The same for the account's customer and its merchant, to the paisa: every figure
 * is a ledger row's own, or a sum of them in integers.
 */
import { statementRangeDaysMax, statementRowsMax } from '@common/limits';
import { paise, toWireAmount, type Paise } from '@common/money';
import { isUuid } from '@common/schemas/params';
import { statementRangeDays, type StatementQuery } from '@common/schemas/statements';
import { assert } from '../../assert';
import type { Db } from '../../db/client';
import type { Freshness, ReadRouting } from '../../db/read-routing';
import { AppError } from '../../errors';
import { indiaDayEnd, indiaDayStart, indiaMinute } from '../../india-days';
import { actorOf, sideOf, type LedgerOwner, type TransactionService } from '../transactions/transactions.service';
import type { StatementView } from './statement-csv';
import * as repository from './statements.repository';

/** Refuses a range whose start is after its end, or longer than statementRangeDaysMax. */
export function checkRange(query: StatementQuery): void {
  const days = statementRangeDays(query.from, query.to);
  if (days < 1) throw new AppError('statement_range_reversed');
  if (days > statementRangeDaysMax) throw new AppError('statement_range_too_long', { daysMax: statementRangeDaysMax });
}

export function createStatementService(deps: { reads: ReadRouting; transactions: TransactionService }) {
  const { reads, transactions } = deps;

  /**
   * The statement of account `accountId` from `query.from` to `query.to`, for `owner`: its
   * customer, or its shop (whose copy also names who at the shop wrote each row). To anyone
   * else it does not exist, as an unknown or malformed id; a bad range is refused first,
   * whoever asks. A read that may lag: from the replica unless `freshness` says otherwise.
   */
  async function forAccount(
    owner: LedgerOwner, accountId: string, query: StatementQuery, freshness: Freshness = 'fresh',
  ): Promise<StatementView> {
    checkRange(query);
    if (!isUuid(accountId)) throw new AppError('credit_account_not_found');
    return reads.lagging(freshness, (reader) => read(reader, owner, accountId, query));
  }

  async function read(reader: Db, owner: LedgerOwner, accountId: string, query: StatementQuery): Promise<StatementView> {
    const account = await repository.findOwnedAccount(reader, accountId.toLowerCase(), owner);
    if (!account) throw new AppError('credit_account_not_found');
    const side = sideOf(owner);

    const start = indiaDayStart(query.from);
    // The ledger is append-only and new rows land at the present, so the rows before the
    // start cannot change between these two reads: no shared snapshot is needed.
    const opening = (await repository.owedBefore(reader, account, start)) ?? paise(0);
    const rows = await repository.rowsBetween(reader, account, start, indiaDayEnd(query.to), statementRowsMax + 1);
    if (rows.length > statementRowsMax) throw new AppError('statement_too_many_rows', { rowsMax: statementRowsMax.toLocaleString('en-IN') });

    // What became of each row since (refunds of a payment, a repayment reversed), as its view says it.
    const followUps = await transactions.followUps(reader, rows);
    const names = side === 'merchant'
      ? await repository.memberNames(reader, account.businessId, [...new Set(rows.flatMap((row) => row.actorMemberId ?? []))])
      : new Map<string, string>();

    let payments = 0; let paymentAmount = 0; let fees = 0; let paymentTotal = 0;
    let repayments = 0; let repaymentAmount = 0;
    let refunds = 0; let refundAmount = 0; let refundFees = 0; let refundTotal = 0;
    let reversals = 0; let reversalAmount = 0;
    for (const row of rows) {
      if (row.type === 'payment') {
        payments += 1; paymentAmount += row.amountPaise; fees += row.feePaise; paymentTotal += row.totalPaise;
      } else if (row.type === 'repayment') {
        repayments += 1; repaymentAmount += row.amountPaise;
      } else if (row.type === 'refund') {
        refunds += 1; refundAmount += row.amountPaise; refundFees += row.feePaise; refundTotal += row.totalPaise;
      } else if (row.type === 'reversal') {
        reversals += 1; reversalAmount += row.amountPaise;
      }
    }
    const wire = (amount: number) => toWireAmount(paise(amount));
    const closing: Paise = rows.at(-1)?.owedPaiseAfter ?? opening;

    return {
      accountId: account.id,
      businessId: account.businessId,
      businessName: account.businessName,
      customerName: account.customerName,
      from: query.from,
      to: query.to,
      openingOwed: wire(opening),
      closingOwed: wire(closing),
      rows: rows.map((row) => {
        const followUp = followUps.get(row.id);
        assert(followUp, 'every ledger row of a statement has its follow-up');
        return {
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          date: indiaMinute(row.createdAt),
          type: row.type,
          // A refund or a reversal has no description of its own: its line reads the merchant's reason.
          description: row.description ?? row.reason,
          amount: wire(row.amountPaise),
          fee: wire(row.feePaise),
          total: wire(row.totalPaise),
          owedAfter: wire(row.owedPaiseAfter),
          ...followUp,
          bySmsCode: row.bySmsCode,
          by: actorOf({ actorName: row.actorMemberId === null ? null : names.get(row.actorMemberId) ?? null, actorRole: row.actorRole }, side),
        };
      }),
      totals: {
        payments, paymentAmount: wire(paymentAmount), fees: wire(fees), paymentTotal: wire(paymentTotal),
        repayments, repaymentAmount: wire(repaymentAmount),
        refunds, refundAmount: wire(refundAmount), refundFees: wire(refundFees), refundTotal: wire(refundTotal),
        reversals, reversalAmount: wire(reversalAmount),
      },
    };
  }

  return { forAccount };
}

export type StatementService = ReturnType<typeof createStatementService>;
