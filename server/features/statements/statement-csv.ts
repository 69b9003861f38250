/**
 * The statement as a CSV file (issue 15; the layout is in docs/api.md, "Account
 * statements"): pure, so its bytes are tested without a server. A file for spreadsheets
 * and accountants: UTF-8 with a byte-order mark (Excel otherwise reads Devanagari and
 * Tamil as mojibake), CRLF line endings and RFC 4180 quoting, English whatever the UI.
 */
import type * as z from 'zod/mini';
import type { accountStatement } from '@common/schemas/responses';

export type StatementView = z.output<typeof accountStatement>['statement'];

const byteOrderMark = '\uFEFF';
const lineEnd = '\r\n';

/**
 * A cell as RFC 4180 writes it: quoted when it holds a comma, a quote, CR or LF, with
 * each quote doubled; as it is otherwise.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A cell of text someone typed (a name, a description). A spreadsheet runs a cell that
 * begins with = + - or @ (and some, after a leading tab or CR) as a formula, so such text
 * gets a leading apostrophe and is shown as written, never run (OWASP, "CSV Injection").
 * Amounts and dates are ours and never get one.
 */
export function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One line of cells, quoted as needed, with its CRLF. */
export const csvLine = (cells: readonly string[]): string => cells.map(csvField).join(',') + lineEnd;

/** The whole file: the byte-order mark, then the lines. */
export const csvDocument = (lines: readonly (readonly string[])[]): string => byteOrderMark + lines.map(csvLine).join('');

export const statementCsvHeader = ['Date', 'Type', 'Description', 'Amount', 'Fee', 'Total', 'Owed after'] as const;

const typeNames = { payment: 'Payment', repayment: 'Repayment', adjustment: 'Adjustment' } as const;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The statement's file: the header; an opening line whose description says whose
 * statement it is; one line per ledger row; a totals line for payments and one for
 * repayments; a closing line. Every figure is the JSON statement's, so the two agree.
 */
export function statementCsv(statement: StatementView): string {
  const { totals } = statement;
  const rangeEnd = `${statement.to} 23:59`;
  return csvDocument([
    statementCsvHeader,
    [`${statement.from} 00:00`, 'Opening',
      textCell(`${statement.customerName} at ${statement.businessName}: amount owed at the start`), '', '', '', statement.openingOwed],
    ...statement.rows.map((row) => [
      row.date, typeNames[row.type], textCell(row.description ?? ''), row.amount, row.fee, row.total, row.owedAfter,
    ]),
    [rangeEnd, 'Total payments', counted(totals.payments, 'payment', 'payments'),
      totals.paymentAmount, totals.fees, totals.paymentTotal, ''],
    [rangeEnd, 'Total repayments', counted(totals.repayments, 'repayment', 'repayments'),
      totals.repaymentAmount, '0.00', totals.repaymentAmount, ''],
    [rangeEnd, 'Closing', 'Amount owed at the end', '', '', '', statement.closingOwed],
  ]);
}

/** The file's name: ASCII only, from the range's own dates (checked YYYY-MM-DD). */
export const statementCsvFileName = (statement: Pick<StatementView, 'from' | 'to'>): string =>
  `khata-statement-${statement.from}-to-${statement.to}.csv`;
