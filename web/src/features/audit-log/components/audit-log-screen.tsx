/**
 * The owner's audit log (docs/product.md#staff): who did what at the shop, newest first, each
 * as one sentence with its time in India; filtered by person, kind of action and days, a page
 * at a time, and downloaded as CSV with the same filters.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDateTime, indiaDateOf } from '@/lib/date-time';
import { toast } from '@/lib/toast-store';
import { useShopRoleLabel } from '@/features/auth/public';
import { saveFile } from '@/features/statements/public';
import { fetchAuditCsv } from '@/features/audit-log/api/get-audit-csv';
import { useAuditLog, type AuditEntry, type AuditFilters } from '@/features/audit-log/api/get-audit-log';
import { auditLine } from '@/features/audit-log/audit-lines';
import { AuditFiltersFields, isValidFilterRange } from './audit-filters';

export function AuditLogScreen({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  // Today as of opening: a log left open past midnight keeps the days it offered.
  const [today] = useState(() => indiaDateOf(new Date()));
  const [filters, setFilters] = useState<AuditFilters>({});
  const valid = isValidFilterRange(filters);
  const log = useAuditLog(filters, valid);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchAuditCsv(filters));
    } catch (error) {
      toast({ variant: 'destructive', title: t`The audit log could not be saved`, description: serverMessage(error) ?? t`Please try again` });
    } finally {
      setDownloading(false);
    }
  };

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label={t`Back`} onClick={onBack}>
          <ChevronLeftIcon />
        </Button>
        <h2 id="audit-title" className="text-lg font-semibold"><Trans>Audit log</Trans></h2>
      </div>
      <AuditFiltersFields filters={filters} today={today} onChange={setFilters} />
      <Button variant="secondary" className="w-full" disabled={!valid || downloading} aria-busy={downloading} onClick={() => void download()}>
        <Trans>Download CSV</Trans>
      </Button>
      {!valid ? null : log.isPending ? (
        <Spinner label={t`Loading the audit log`} className="py-8" />
      ) : log.isError && !log.data ? (
        <div role="alert" className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
          <p className="text-sm text-slate-600 dark:text-slate-300">{serverMessage(log.error) ?? t`The audit log could not be loaded.`}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void log.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-center text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <Trans>Nothing was recorded with these filters.</Trans>
        </p>
      ) : (
        <>
          <ol aria-label={t`Audit log`} className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {entries.map((entry) => <AuditEntryItem key={entry.id} entry={entry} />)}
          </ol>
          {log.hasNextPage && (
            <Button
              variant="secondary"
              className="w-full"
              disabled={log.isFetchingNextPage}
              aria-busy={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const roleLabel = useShopRoleLabel();
  const { sentence, details } = auditLine(entry, roleLabel);
  return (
    <li className="space-y-1 py-3">
      <p className="text-sm">{sentence}</p>
      {details.map((detail) => (
        <p key={detail} className="text-xs text-slate-600 dark:text-slate-300">{detail}</p>
      ))}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={entry.createdAt}>{formatIndiaDateTime(entry.createdAt)}</time>
      </p>
    </li>
  );
}
