/**
 * Payment problems (docs/product.md#refunds-and-reports): the customers' reports on payments
 * that wait for this merchant's answer, a refund (the refund dialog, which closes the report)
 * or a decline with a reason. Reports arrive and leave live: the shell refetches them on the
 * stream's report news and on every ledger row (a refund made elsewhere).
 */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { PaymentReport } from '@common/api/types';
import { parseRupees } from '@common/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { LazyRefundDialog, type RefundTarget } from '@/features/refunds/public';
import { useOpenReports } from '@/features/payment-reports/api/get-payment-reports';
import { useReportReasonLabels } from '@/features/payment-reports/reason-labels';
import { DeclineDialog } from './decline-dialog';

/** The refund a report asks for: its payment, what is left of it, and the report it answers. */
const refundTargetOfReport = (report: PaymentReport): RefundTarget => ({
  paymentId: report.transactionId,
  customerName: report.customerName,
  amount: report.amount,
  fee: report.fee,
  refundable: report.refundable,
  refundedFee: report.refundedFee,
  reportId: report.id,
});

/**
 * Shown only while reports wait (or their list failed), as the repayment claims are: most days
 * there are none. The dialogs stay mounted when the last card leaves, so an answer's own
 * refetch does not take its dialog away mid-way.
 */
export function ReportsCard() {
  const reports = useOpenReports();
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [declining, setDeclining] = useState<PaymentReport | null>(null);
  const none = reports.isPending || (reports.isSuccess && reports.data.reports.length === 0);
  return (
    <>
      {!none && (
        <section aria-labelledby="payment-problems-heading" className="space-y-3">
          <h2 id="payment-problems-heading" className="text-base font-semibold">
            <Trans>Payment problems</Trans>
          </h2>
          {reports.isError ? (
            <Card className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load payment problems.</Trans></Card>
          ) : (
            <ul className="space-y-3">
              {reports.data.reports.map((report) => (
                <li key={report.id}>
                  <ReportItem
                    report={report}
                    onRefund={() => setRefunding(refundTargetOfReport(report))}
                    onDecline={() => setDeclining(report)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <LazyRefundDialog target={refunding} onClose={() => setRefunding(null)} />
      <DeclineDialog report={declining} onClose={() => setDeclining(null)} />
    </>
  );
}

interface ReportItemProps {
  report: PaymentReport;
  onRefund: () => void;
  onDecline: () => void;
}

function ReportItem({ report, onRefund, onDecline }: ReportItemProps) {
  const reasonLabels = useReportReasonLabels();
  const headingId = `report-${report.id}`;
  // Refunded in full meanwhile (from its row): only a decline is left to answer with.
  const refundable = (parseRupees(report.refundable) ?? 0) > 0;
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3">
      <div className="min-w-0 space-y-1">
        <h3 id={headingId} className="font-semibold break-words">
          {report.customerName} · <span className="tabular-nums">{formatWireRupees(report.amount)}</span> · {reasonLabels[report.reason]}
        </h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={report.createdAt}>{formatIndiaDateTime(report.createdAt)}</time>
        </p>
        {report.note && <p className="text-sm break-words text-slate-700 dark:text-slate-300">{report.note}</p>}
        {report.froze && <Badge tone="danger"><Trans>Froze their Khata</Trans></Badge>}
      </div>
      <div className="grid grid-cols-2 gap-2">
        {refundable && (
          <Button onClick={onRefund}>
            <Trans>Refund</Trans>
          </Button>
        )}
        <Button variant="secondary" className={refundable ? '' : 'col-span-2'} onClick={onDecline}>
          <Trans>Decline</Trans>
        </Button>
      </div>
    </Card>
  );
}
