/**
 * CSV files for spreadsheets and accountants (the statements, the audit log): UTF-8 with a
 * byte-order mark (Excel otherwise reads Devanagari and Tamil as mojibake), CRLF line
 * endings, every text quoted (RFC 4180) and every figure a plain number. Pure, so a file's
 * bytes are tested without a server.
 */
import { assert } from './assert';

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
  assert(/^(?:-?\d+(?:\.\d+)?)?$/.test(value), `a CSV figure is a plain number, got ${JSON.stringify(value)}`);
  return value;
}

/** One line of cells already written by textCell or figureCell, with its CRLF. */
export const csvLine = (cells: readonly string[]): string => cells.join(',') + lineEnd;

/** The whole file: the byte-order mark, then the lines. */
export const csvDocument = (lines: readonly (readonly string[])[]): string => byteOrderMark + lines.map(csvLine).join('');
