/**
 * The kinds of ledger entry: a purchase on credit, money paid back, a correction by the
 * merchant, a refund of a payment (wholly or in part) and the reversal of a mistaken cash
 * repayment. One definition for the database column, the answers, the events and the web.
 */
import * as z from 'zod/mini';

export const ledgerEntryTypes = ['payment', 'repayment', 'adjustment', 'refund', 'reversal'] as const;
export const ledgerEntryType = z.enum(ledgerEntryTypes);
export type LedgerEntryType = z.output<typeof ledgerEntryType>;
