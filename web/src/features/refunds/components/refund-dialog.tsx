/**
 * Refunding a payment, wholly or in part (docs/product.md#refunds-and-reports): the goods
 * amount (what is left to refund, to begin with), a reason the customer reads, and the
 * merchant's PIN. Before sending it says what goes back: the fee share and how much less the
 * customer will owe. A refusal (a wrong PIN, more than is owed, too old) shows the server's
 * words and keeps the dialog; a retry of the same opening sends the same Idempotency-Key.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatRupees, parseRupees, toWireAmount, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRefundPayment } from '@/features/refunds/api/refund-payment';
import { refundFigures, type RefundTarget } from '@/features/refunds/refund-figures';
import { refundIssues, refundSchema, typedPaise, type RefundValues } from '@/features/refunds/refund-forms';
import { ReasonAndPin } from './reason-and-pin';

interface RefundDialogProps {
  /** The payment to refund; the dialog is closed while null. */
  target: RefundTarget | null;
  onClose: () => void;
}

export function RefundDialog({ target, onClose }: RefundDialogProps) {
  const { t } = useLingui();
  const customerName = target?.customerName;
  const amount = target ? formatWireRupees(target.amount) : '';
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Refund payment`}
      description={target ? t`Payment of ${amount} by ${customerName}` : undefined}
    >
      {target && <RefundForm key={target.paymentId} target={target} onDone={onClose} />}
    </Dialog>
  );
}

function RefundForm({ target, onDone }: { target: RefundTarget; onDone: () => void }) {
  const { t } = useLingui();
  const refund = useRefundPayment();
  // One key per opening: a resend after a lost answer is the same refund, never a second.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refundablePaise = (parseRupees(target.refundable) ?? 0) as Paise;
  const schema = useMemo(() => refundSchema(refundablePaise), [refundablePaise]);
  const { register, handleSubmit, watch, setValue, formState: { errors } } = useForm<RefundValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: target.refundable, reason: '', pin: '' },
  });
  const issues = refundIssues(formatWireRupees(target.refundable));
  const amountError = issueText(errors.amount, issues);
  const typed = typedPaise(watch('amount'));
  const figures = typed === null ? null : refundFigures(target, typed);
  const customerName = target.customerName;

  // The promise, not mutate's callbacks: a refund answering a report removes the report's
  // card (and may unmount this form) as the lists refetch, and the toast must still come.
  const submit = ({ amount, reason, pin }: RefundValues) => {
    setRefusal(null);
    const body = { amount: toWireAmount(typedPaise(amount) ?? (0 as Paise)), reason: reason.trim(), pin, reportId: target.reportId ?? undefined };
    void refund.mutateAsync({ paymentId: target.paymentId, body, idempotencyKey }).then(
      ({ transaction }) => {
        const refunded = formatWireRupees(transaction.amount);
        toast({ title: t`Refund recorded`, description: t`${refunded} refunded to ${customerName}` });
        onDone();
      },
      (error: unknown) => {
        setValue('pin', '');
        setRefusal(serverMessage(error) ?? t`Please try again`);
      },
    );
  };

  const fee = figures ? formatRupees(figures.feePaise) : '';
  const less = figures ? formatRupees(figures.owedLessPaise) : '';
  return (
    <form
      noValidate
      aria-label={t`Refund payment`}
      className="space-y-4"
      onSubmit={handleSubmit(submit, toastFirstIssue(issues))}
    >
      <div>
        <Label htmlFor="refund-amount"><Trans>Amount to refund (₹)</Trans></Label>
        <Input
          id="refund-amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          max={target.refundable}
          {...register('amount')}
          {...fieldErrorProps('refund-amount', amountError)}
        />
        <FieldError fieldId="refund-amount" error={amountError} />
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
        {figures && t`Fee returned: ${fee} · ${customerName} will owe ${less} less`}
      </p>
      <ReasonAndPin
        idPrefix="refund"
        reason={register('reason')}
        pin={register('pin')}
        errors={{ reason: issueText(errors.reason, issues), pin: issueText(errors.pin, issues) }}
        refusal={refusal}
      />
      <Button type="submit" size="lg" disabled={refund.isPending} aria-busy={refund.isPending}>
        <Trans>Refund</Trans>
      </Button>
    </form>
  );
}
