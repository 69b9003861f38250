/**
 * The statement as a CSV file (the layout is in docs/api.md, "Account
 * statements"): pure, so its bytes are tested without a server. A file for spreadsheets
 * and accountants: UTF-8 with a byte-order mark (Excel otherwise reads Devanagari and
 * Tamil as mojibake), CRLF line endings, every text quoted (RFC 4180) and every figure a
 * plain number, English whatever the UI.
 */
import type * as z from 'zod/mini';
import type { LedgerEntryType } from '@common/schemas/ledger';
import type { accountStatement } from '@common/schemas/responses';
import { assert } from '../../assert';

export type StatementView = z.output<typeof accountStatement>['statement'];

const byteOrderMark = '\uFEFF';
const lineEnd = '\r\n';

/**
 * Where a spreadsheet may begin a cell inside a text: at its start, and after a character
 * some spreadsheet splits on or starts a line at. A `;` matters although the file is split
 * on `,`: a spreadsheet set to `;` (common in some locales) splits `"Ravi;=1+1; at …"`
 * there too (to it, those quotes open no cell: none begins at them) and reads `=1+1` as a
 * cell of its own, so quoting alone does not keep it a text. Spaces before the formula
 * character count as its start too: a spreadsheet that trims cells would run ` =1+1`.
 */
const cellStart = /(^|[;,\t\r\n"])([ \u00A0]*)(?=[=+\-@\t\r])/g;

/**
 * A cell of text (a name, a description, a date, a label): always quoted, as RFC 4180
 * writes it (each quote doubled). A spreadsheet runs a cell that begins with = + - or @
 * (and some, after a leading tab or CR) as a formula, so every place in the text where a
 * cell could begin and such a character follows gets an apostrophe first: the text is
 * shown as written, never run (OWASP, "CSV Injection").
 */
export function textCell(value: string): string {
  return `"${value.replace(cellStart, "$1$2'").replaceAll('"', '""')}"`;
}

/**
 * A figure (an amount such as `-244.00`, or a blank where a line has none): ours, never
 * typed by anyone, written as a plain number so a spreadsheet can sum it.
 */
export function figureCell(value: string): string {
  assert(/^(?:-?\d+(?:\.\d+)?)?$/.test(value), `a statement figure is a plain number, got ${JSON.stringify(value)}`);
  return value;
}

/** One line of cells already written by textCell or figureCell, with its CRLF. */
export const csvLine = (cells: readonly string[]): string => cells.join(',') + lineEnd;

/** The whole file: the byte-order mark, then the lines. */
export const csvDocument = (lines: readonly (readonly string[])[]): string => byteOrderMark + lines.map(csvLine).join('');

export const statementCsvHeader = ['Date', 'Type', 'Description', 'Amount', 'Fee', 'Total', 'Owed after'] as const;

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

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The statement's file: the header; an opening line whose description says whose
 * statement it is; one line per ledger row (a refund's or a reversal's description is the
 * merchant's reason; a payment approved by SMS code says so); a totals line each for payments, repayments, refunds and reversals; a
 * closing line. Every figure is the JSON statement's, so the two agree.
 */
export function statementCsv(statement: StatementView): string {
  const { totals } = statement;
  const rangeEnd = `${statement.to} 23:59`;
  /** A line: its texts (date, type, description), then its figures. */
  const line = (texts: readonly string[], figures: readonly string[]) => [...texts.map(textCell), ...figures.map(figureCell)];
  return csvDocument([
    statementCsvHeader.map(textCell),
    line([`${statement.from} 00:00`, 'Opening', `${statement.customerName} at ${statement.businessName}: amount owed at the start`],
      ['', '', '', statement.openingOwed]),
    ...statement.rows.map((row) => line(
      [row.date, typeNames[row.type], rowDescription(row)], [row.amount, row.fee, row.total, row.owedAfter])),
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

/** The file's name: ASCII only, from the range's own dates (checked YYYY-MM-DD). */
export const statementCsvFileName = (statement: Pick<StatementView, 'from' | 'to'>): string =>
  `khata-statement-${statement.from}-to-${statement.to}.csv`;
