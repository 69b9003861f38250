// Types of ledger-writes.mjs, for the tests that import it from TypeScript.
import type { Rule } from 'eslint';

export const ledgerTables: { table: string; object: string }[];
export const ledgerWriteExceptions: { path: RegExp; reason: string }[];
export function isLedgerWriteException(path: string): boolean;
export function findLedgerWrites(text: string): { index: number; text: string; table: string }[];
export const ledgerWrites: Rule.RuleModule;
