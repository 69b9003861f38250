/**
 * The kinds of ledger entry: a purchase on credit, money paid back, and a correction by the
 * merchant. One definition for the database column, the answers, the events and the web.
 */
import * as z from 'zod/mini';

export const ledgerEntryTypes = ['payment', 'repayment', 'adjustment'] as const;
export const ledgerEntryType = z.enum(ledgerEntryTypes);
export type LedgerEntryType = z.output<typeof ledgerEntryType>;
