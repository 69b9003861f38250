import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DateRange } from '@/features/statements/statement-range';

/** One ledger row of a statement, with what was owed right after it. Money as wire strings. */
export interface StatementRow {
  id: string;
  createdAt: string;
  /** "YYYY-MM-DD HH:mm" in India time, as the CSV has it. */
  date: string;
  type: 'payment' | 'repayment' | 'adjustment';
  description: string | null;
  amount: string;
  fee: string;
  total: string;
  owedAfter: string;
}

/** A credit account's statement for a range (issue 15), the same for its customer and its merchant. */
export interface Statement {
  accountId: string;
  businessId: string;
  businessName: string;
  customerName: string;
  from: string;
  to: string;
  openingOwed: string;
  closingOwed: string;
  rows: StatementRow[];
  totals: {
    /** How many payments. */
    payments: number;
    paymentAmount: string;
    fees: string;
    paymentTotal: string;
    /** How many repayments. */
    repayments: number;
    repaymentAmount: string;
  };
}

/**
 * Every statement query (and its CSV's) starts with this, so the live ledger updates
 * (lib/use-ledger-events.ts) refresh an open statement when a payment or repayment lands.
 */
export const statementQueryPrefix = '/api/credit-accounts/statement';

/** "/api/credit-accounts/<id>/statement?from=…&to=…", or its `.csv` twin. */
export function statementUrl(accountId: string, range: DateRange, format: 'json' | 'csv' = 'json'): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  const file = format === 'csv' ? 'statement.csv' : 'statement';
  return `/api/credit-accounts/${encodeURIComponent(accountId)}/${file}?${params.toString()}`;
}

/**
 * The statement of one credit account for a range. The previous range's figures stay on
 * screen while the next one loads, so switching months does not make the screen jump.
 */
export function useStatement(accountId: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: [statementQueryPrefix, accountId, range.from, range.to],
    queryFn: () => apiRequest<{ statement: Statement }>('GET', statementUrl(accountId, range)).then((answer) => answer.statement),
    enabled,
    placeholderData: keepPreviousData,
    // Read afresh each time it opens: a statement shows the ledger as it is now.
    refetchOnMount: 'always',
  });
}
