import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Answer } from '@/lib/api-client';
import { request } from '@/lib/api-request';
import type { DateRange } from '@/features/statements/statement-range';

/** A credit account's statement for a range, the same for its customer and its merchant. Money as wire strings. */
export type Statement = Answer<'GET /api/credit-accounts/:id/statement'>['statement'];
/** One ledger row of a statement, with what was owed right after it. */
export type StatementRow = Statement['rows'][number];

/**
 * Every statement query (and its CSV's) starts with this, so the live ledger updates
 * (lib/use-ledger-events.ts) refresh an open statement when a payment or repayment lands.
 */
export const statementQueryPrefix = '/api/credit-accounts/statement';

/** What a statement's call sends, as JSON or as the CSV file: the account and the range. */
export const statementInput = (accountId: string, range: DateRange) =>
  ({ params: { id: accountId }, query: { from: range.from, to: range.to } });

/**
 * The statement of one credit account for a range. The previous range's figures stay on
 * screen while the next one loads, so switching months does not make the screen jump.
 */
export function useStatement(accountId: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: [statementQueryPrefix, accountId, range.from, range.to],
    queryFn: () => request('GET /api/credit-accounts/:id/statement', statementInput(accountId, range)).then((answer) => answer.statement),
    enabled,
    placeholderData: keepPreviousData,
    // Read afresh each time it opens: a statement shows the ledger as it is now.
    refetchOnMount: 'always',
  });
}
