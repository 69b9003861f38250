/**
 * Declining a customer's report on a payment, with a reason they will read: nothing is
 * refunded and what they owe stays as it is. A refusal (answered already, on another device)
 * shows the server's words and keeps the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { PaymentReport } from '@common/api/types';
import { refundReasonLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { useDeclineReport } from '@/features/payment-reports/api/decline-report';
import { declineReportIssues, declineReportSchema, type DeclineReportValues } from '@/features/payment-reports/decline-form';

interface DeclineDialogProps {
  /** The report to decline; the dialog is closed while null. */
  report: PaymentReport | null;
  onClose: () => void;
}

export function DeclineDialog({ report, onClose }: DeclineDialogProps) {
  const { t } = useLingui();
  const customerName = report?.customerName;
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Decline report`}
      description={report ? t`${customerName} will see your reason.` : undefined}
    >
      {report && <DeclineForm key={report.id} report={report} onDone={onClose} />}
    </Dialog>
  );
}

function DeclineForm({ report, onDone }: { report: PaymentReport; onDone: () => void }) {
  const { t } = useLingui();
  const decline = useDeclineReport();
  const { register, handleSubmit } = useForm<DeclineReportValues>({
    resolver: zodResolver(declineReportSchema),
    defaultValues: { reason: '' },
  });
  // The promise, not mutate's callbacks: the refetch removes the report's card, and the
  // card list with it when it was the last, before the answer's callbacks would run.
  const submit = ({ reason }: DeclineReportValues) =>
    void decline.mutateAsync({ reportId: report.id, reason: reason.trim() }).then(
      () => {
        toast({ title: t`Report declined` });
        onDone();
      },
      (error: unknown) =>
        toast({ variant: 'destructive', title: t`Could not decline the report`, description: serverMessage(error) ?? t`Please try again` }),
    );
  return (
    <form noValidate aria-label={t`Decline report`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(declineReportIssues()))}>
      <div>
        <Label htmlFor="decline-report-reason"><Trans>Reason</Trans></Label>
        <Textarea id="decline-report-reason" rows={3} maxLength={refundReasonLengthMax} {...register('reason')} />
      </div>
      <Button type="submit" variant="destructive" size="lg" disabled={decline.isPending} aria-busy={decline.isPending}>
        <Trans>Decline</Trans>
      </Button>
    </form>
  );
}
