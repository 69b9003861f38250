/**
 * "Report a problem" on a payment's row and receipt, while the payment has no report. The
 * dialog's code downloads on the first tap (or as the finger nears the button), so the
 * history does not carry it.
 */
import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TransactionView } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { LoadingSheet } from '@/components/ui/loading-sheet';
import { withAllTexts } from '@/i18n/home-texts';

const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazy(withAllTexts(() => loadReportDialog().then((m) => ({ default: m.ReportDialog }))));

interface ReportProblemButtonProps {
  transaction: TransactionView;
  /** After a report that froze the Khata: sign this phone out (the server has ended its session). */
  onFroze: () => void;
  className?: string;
}

export function ReportProblemButton({ transaction, onFroze, className = '' }: ReportProblemButtonProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept, so closing animates.
  const [wanted, setWanted] = useState(false);
  if (transaction.type !== 'payment' || transaction.report) return null;
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onPointerEnter={() => void loadReportDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Trans>Report a problem</Trans>
      </Button>
      {wanted && (
        <Suspense fallback={open && <LoadingSheet label={t`Opening…`} />}>
          <ReportDialog transaction={transaction} open={open} onOpenChange={setOpen} onFroze={onFroze} />
        </Suspense>
      )}
    </>
  );
}
