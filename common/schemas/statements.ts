/**
 * The query of an account statement: `from` and `to`, India calendar dates,
 * both included. The order of the two and the range's length are checked by the server
 * (statement_range_reversed, statement_range_too_long in errors.ts), with
 * `statementRangeDays`, so a client can check a custom range the same way first.
 */
import * as z from 'zod/mini';
import type { InputErrorKey } from '../errors';
import { refusal } from './messages';

const dayPattern = /^2\d{3}-\d{2}-\d{2}$/;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * True for a real calendar date written YYYY-MM-DD in the years 2000–2999: 2026-02-30 is
 * not one. The years are bounded so every instant a range reaches is one PostgreSQL holds.
 */
export function isStatementDay(text: string): boolean {
  if (!dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Calendar days from `from` to `to`, both included: 1 for a single day, 0 or less when reversed. */
export function statementRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / dayMs) + 1;
}

const day = (key: InputErrorKey) => z.string(key).check(z.refine(isStatementDay, key));

export const statementQuery = z.object({
  from: day(refusal('statement_from_format')),
  to: day(refusal('statement_to_format')),
});

export type StatementQuery = z.infer<typeof statementQuery>;
