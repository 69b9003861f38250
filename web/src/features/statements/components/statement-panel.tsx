/**
 * One credit account's statement (docs/product.md#statements), the same on both sides: the customer's
 * account screen shows it in place, the merchant's customer row opens it in a dialog.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { useStatement } from '@/features/statements/api/get-statement';
import { fetchStatementCsv, statementCsvOptions, useStatementCsv } from '@/features/statements/api/get-statement-csv';
import { canShareFiles, printStatement, saveFile, shareFile } from '@/features/statements/statement-files';
import { indiaToday, isValidRange, rangeFor, thisMonth, type DateRange, type RangeChoice } from '@/features/statements/statement-range';
import { RangePicker } from './range-picker';
import { StatementDocument, type StatementRowActions } from './statement-document';
import { StatementPrintView } from './statement-print-view';

interface StatementPanelProps {
  accountId: string;
  /** The merchant's Refund and Reverse on each row (the customer's statement has none). */
  actions?: StatementRowActions;
}

export function StatementPanel({ accountId, actions }: StatementPanelProps) {
  const { t } = useLingui();
  // Today as of opening: a statement left open past midnight keeps the range it showed.
  const [today] = useState(() => indiaToday());
  const [choice, setChoice] = useState<RangeChoice>('this-month');
  const [custom, setCustom] = useState<DateRange>(() => thisMonth(today));
  const range = rangeFor(choice, today, custom);
  // A day after today is refused by its field (and by the server): nothing is asked for it.
  const valid = isValidRange(range) && range.to <= today;
  const statement = useStatement(accountId, range, valid);
  // Read once: the browser either can share files or cannot.
  const [sharing] = useState(canShareFiles);
  const queryClient = useQueryClient();
  useStatementCsv(accountId, range, valid && sharing);
  const [downloading, setDownloading] = useState(false);

  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t`The statement could not be saved`, description: serverMessage(error) ?? t`Please try again` });

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchStatementCsv(accountId, range));
    } catch (error) {
      failed(error);
    } finally {
      setDownloading(false);
    }
  };

  const share = async () => {
    try {
      // The file fetched ahead, or the fetch under way: the share sheet opens as soon as it can.
      await shareFile(await queryClient.fetchQuery(statementCsvOptions(accountId, range)), t`Statement`);
    } catch (error) {
      failed(error);
    }
  };

  const shown = valid ? statement.data : undefined;
  return (
    <section aria-labelledby={`statement-${accountId}`} className="space-y-4">
      <h3 id={`statement-${accountId}`} className="text-base font-semibold">
        <Trans>Statement</Trans>
      </h3>
      <RangePicker choice={choice} custom={custom} today={today} onChoiceChange={setChoice} onCustomChange={setCustom} />
      {!valid ? null : statement.isPending ? (
        <Spinner label={t`Loading statement`} className="py-8" />
      ) : statement.isError && !shown ? (
        <div role="alert" className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {serverMessage(statement.error) ?? t`The statement could not be loaded.`}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void statement.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : shown ? (
        <>
          <div aria-busy={statement.isPlaceholderData} className={statement.isPlaceholderData ? 'opacity-60' : ''}>
            <StatementDocument statement={shown} actions={actions} />
          </div>
          <div className="grid gap-2">
            <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
              <Trans>Download CSV</Trans>
            </Button>
            <Button variant="secondary" onClick={() => printStatement(shown)}>
              <Trans>Print or save as PDF</Trans>
            </Button>
            {sharing && (
              <Button variant="secondary" onClick={() => void share()}>
                <Trans>Share</Trans>
              </Button>
            )}
          </div>
          {!statement.isPlaceholderData && <StatementPrintView statement={shown} />}
        </>
      ) : null}
    </section>
  );
}
