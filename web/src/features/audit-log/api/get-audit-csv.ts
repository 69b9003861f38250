import { ApiError } from '@/lib/api-client';
import { urlOf } from '@/lib/api-request';
import { getSessionToken } from '@/lib/session';
import { auditQueryOf, type AuditFilters } from '@/features/audit-log/api/get-audit-log';

/** The name the server gives the file (Content-Disposition), or one of our own. */
function fileNameOf(response: Response, filters: AuditFilters): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const range = [filters.from, filters.to].filter((day) => day !== undefined).join('-');
  return named ?? (range ? `audit-log-${range}.csv` : 'audit-log.csv');
}

/**
 * The audit log with the filters on screen, as the server writes the CSV (UTF-8 with a
 * byte-order mark, CRLF, formula-safe cells), as a File to save. Fetched rather than linked,
 * as statements are, so it carries the same session as every other call.
 */
export async function fetchAuditCsv(filters: AuditFilters): Promise<File> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(urlOf('GET /api/business/audit.csv', { query: auditQueryOf(filters) }), { headers, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
  // The bytes as sent: response.text() would drop the byte-order mark.
  const bytes = await response.arrayBuffer();
  return new File([bytes], fileNameOf(response, filters), { type: 'text/csv' });
}
