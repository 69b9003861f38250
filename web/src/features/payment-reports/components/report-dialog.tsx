/**
 * "Report a problem with this payment" (docs/product.md#refunds-and-reports): the customer
 * says what is wrong, and with "Not me" may freeze their Khata at every shop. A freeze ends
 * every session on the server, so the caller signs this phone out after it (`onFroze`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { TransactionView } from '@common/api/types';
import { reportNoteLengthMax } from '@common/limits';
import { paymentReportReasons } from '@common/schemas/statuses';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useReportPayment } from '@/features/payment-reports/api/report-payment';
import { reportIssues, reportSchema, type ReportValues } from '@/features/payment-reports/report-form';
import { useReportReasonLabels } from '@/features/payment-reports/reason-labels';

export interface ReportDialogProps {
  transaction: TransactionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a report that froze the Khata: every session has ended, this one included. */
  onFroze: () => void;
}

export function ReportDialog({ transaction, open, onOpenChange, onFroze }: ReportDialogProps) {
  const { t } = useLingui();
  const amount = formatWireRupees(transaction.totalAmount);
  const businessName = transaction.business.businessName;
  const when = formatIndiaDateTime(transaction.createdAt);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Report a problem with this payment`}
      description={t`${amount} at ${businessName}, ${when}`}
    >
      {open && <ReportForm transaction={transaction} onDone={() => onOpenChange(false)} onFroze={onFroze} />}
    </Dialog>
  );
}

function ReportForm({ transaction, onDone, onFroze }: { transaction: TransactionView; onDone: () => void; onFroze: () => void }) {
  const { t } = useLingui();
  const report = useReportPayment();
  const labels = useReportReasonLabels();
  const { register, handleSubmit, watch } = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { reason: '', note: '', freeze: false },
  });
  const reason = watch('reason');
  const submit = ({ reason: chosen, note, freeze }: ReportValues) => {
    if (chosen === '') return;
    const froze = chosen === 'not_me' && freeze;
    // Settled through the promise, not mutate's callbacks: the report refetches the row, whose
    // button (and this dialog with it) then leaves the screen, and the toast must still come.
    report.mutateAsync({ transactionId: transaction.id, reason: chosen, note: note.trim() || null, freeze: froze }).then(
      () => {
        toast(froze
          ? { title: t`Report sent`, description: t`Your Khata is frozen. You will be signed out now.` }
          : { title: t`Report sent`, description: t`The shop will see it and answer here.` });
        onDone();
        if (froze) onFroze();
      },
      (error: unknown) =>
        toast({ variant: 'destructive', title: t`Could not send the report`, description: serverMessage(error) ?? t`Please try again` }),
    );
  };
  return (
    <form noValidate aria-label={t`Report a problem`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(reportIssues()))}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300"><Trans>What is wrong?</Trans></legend>
        <div className="grid grid-cols-2 gap-2">
          {paymentReportReasons.map((value) => (
            <label
              key={value}
              className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
            >
              <input type="radio" value={value} className="h-4 w-4 accent-brand-600" {...register('reason')} />
              {labels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {reason === 'not_me' && (
        <div className="rounded-xl bg-amber-50 p-3 dark:bg-amber-900/30">
          <label className="flex cursor-pointer items-start gap-2 text-sm font-medium">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" aria-describedby="report-freeze-line" {...register('freeze')} />
            <Trans>Freeze my Khata at every shop</Trans>
          </label>
          <p id="report-freeze-line" className="mt-1 pl-6 text-xs text-amber-900 dark:text-amber-200">
            <Trans>You will be signed out everywhere and no payment will go through until you reset your PIN.</Trans>
          </p>
        </div>
      )}
      <div>
        <Label htmlFor="report-note"><Trans>What happened?</Trans></Label>
        <Textarea
          id="report-note"
          rows={3}
          maxLength={reportNoteLengthMax}
          aria-required={reason === 'other'}
          placeholder={reason === 'other' ? t`Tell the shop what went wrong` : t`Optional`}
          {...register('note')}
        />
      </div>
      <Button type="submit" size="lg" disabled={report.isPending} aria-busy={report.isPending}>
        <Trans>Send report</Trans>
      </Button>
    </form>
  );
}
