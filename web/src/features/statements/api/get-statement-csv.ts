import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileNameOfDisposition } from '@common/statement-file-name';
import { ApiError } from '@/lib/api-client';
import { urlOf } from '@/lib/api-request';
import { getSessionToken } from '@/lib/session';
import { statementInput, statementQueryPrefix } from '@/features/statements/api/get-statement';
import type { DateRange } from '@/features/statements/statement-range';

/**
 * The name the server gives the file (its Content-Disposition, the shop's and the customer's
 * names as written), or one of our own from the range.
 */
function fileNameOf(response: Response, range: DateRange): string {
  return fileNameOfDisposition(response.headers.get('Content-Disposition') ?? '') ?? `khata-statement-${range.from}-to-${range.to}.csv`;
}

/**
 * The statement as the server writes the CSV (UTF-8 with a byte-order mark, CRLF), as a
 * File to save or share. Fetched rather than linked so it carries the same session as
 * every other call (the Bearer token, or the cookie) and the share sheet can take it.
 */
export async function fetchStatementCsv(accountId: string, range: DateRange): Promise<File> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const url = urlOf('GET /api/credit-accounts/:id/statement.csv', statementInput(accountId, range));
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  // The bytes as sent: response.text() would drop the byte-order mark.
  const bytes = await response.arrayBuffer();
  return new File([bytes], fileNameOf(response, range), { type: 'text/csv' });
}

/**
 * The CSV fetched ahead, where the browser can share files: the share sheet must open
 * within the tap's user activation, which a download first could outlast.
 */
export const statementCsvOptions = (accountId: string, range: DateRange) =>
  queryOptions({
    queryKey: [statementQueryPrefix, 'csv', accountId, range.from, range.to],
    queryFn: () => fetchStatementCsv(accountId, range),
  });

export function useStatementCsv(accountId: string, range: DateRange, enabled: boolean) {
  return useQuery({ ...statementCsvOptions(accountId, range), enabled, refetchOnMount: 'always' });
}
