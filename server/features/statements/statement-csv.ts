/**
 * The statement as a CSV file (the layout is in docs/api.md, "Account
 * statements"): pure, so its bytes are tested without a server. The cells are written as
 * every Khata CSV writes them (server/csv.ts), English whatever the UI.
 */
import type * as z from 'zod/mini';
import type { LedgerEntryType } from '@common/schemas/ledger';
import type { accountStatement } from '@common/schemas/responses';
import { csvDocument, figureCell, textCell } from '../../csv';
import { roleNames } from '../audit/role-names';
import type { LedgerSide } from '../transactions/transactions.service';

export type StatementView = z.output<typeof accountStatement>['statement'];

export const statementCsvHeader = ['Date', 'Type', 'Description', 'Amount', 'Fee', 'Total', 'Owed after'] as const;

/** The shop's copy names who at the shop wrote each row, in a column after the description. */
export const merchantStatementCsvHeader = ['Date', 'Type', 'Description', 'By', 'Amount', 'Fee', 'Total', 'Owed after'] as const;

const typeNames = {
  payment: 'Payment', repayment: 'Repayment', adjustment: 'Adjustment', refund: 'Refund', reversal: 'Reversal',
} as const satisfies Record<LedgerEntryType, string>;

/** What a payment approved by SMS code, not with the PIN, says after its description. */
export const bySmsCodeNote = 'Approved by SMS code';

/**
 * A row's description as the file says it: a payment the customer approved with a code sent
 * by SMS says so, after its own description in parentheses, or alone when it has none.
 */
function rowDescription(row: StatementView['rows'][number]): string {
  if (!row.bySmsCode) return row.description ?? '';
  return row.description ? `${row.description} (${bySmsCodeNote})` : bySmsCodeNote;
}

/** "Ravi (Cashier)", or blank for a row no person wrote. */
const rowBy = (row: StatementView['rows'][number]): string => (row.by ? `${row.by.name} (${roleNames[row.by.role]})` : '');

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The statement's file: the header; an opening line whose description says whose
 * statement it is; one line per ledger row (a refund's or a reversal's description is the
 * merchant's reason; a payment approved by SMS code says so); a totals line each for payments, repayments, refunds and reversals; a
 * closing line. Every figure is the JSON statement's, so the two agree. The shop's copy
 * (`side` 'merchant') has a "By" column; the customer's names no person, only the shop.
 */
export function statementCsv(statement: StatementView, side: LedgerSide = 'customer'): string {
  const { totals } = statement;
  const rangeEnd = `${statement.to} 23:59`;
  const withBy = side === 'merchant';
  /** A line: its texts (date, type, description, and on the shop's copy who), then its figures. */
  const line = (texts: readonly [string, string, string], figures: readonly string[], by = '') =>
    [...texts.map(textCell), ...(withBy ? [textCell(by)] : []), ...figures.map(figureCell)];
  return csvDocument([
    (withBy ? merchantStatementCsvHeader : statementCsvHeader).map(textCell),
    line([`${statement.from} 00:00`, 'Opening', `${statement.customerName} at ${statement.businessName}: amount owed at the start`],
      ['', '', '', statement.openingOwed]),
    ...statement.rows.map((row) => line(
      [row.date, typeNames[row.type], rowDescription(row)], [row.amount, row.fee, row.total, row.owedAfter], rowBy(row))),
    line([rangeEnd, 'Total payments', counted(totals.payments, 'payment', 'payments')],
      [totals.paymentAmount, totals.fees, totals.paymentTotal, '']),
    line([rangeEnd, 'Total repayments', counted(totals.repayments, 'repayment', 'repayments')],
      [totals.repaymentAmount, '0.00', totals.repaymentAmount, '']),
    line([rangeEnd, 'Total refunds', counted(totals.refunds, 'refund', 'refunds')],
      [totals.refundAmount, totals.refundFees, totals.refundTotal, '']),
    line([rangeEnd, 'Total reversals', counted(totals.reversals, 'reversal', 'reversals')],
      [totals.reversalAmount, '0.00', totals.reversalAmount, '']),
    line([rangeEnd, 'Closing', 'Amount owed at the end'], ['', '', '', statement.closingOwed]),
  ]);
}

