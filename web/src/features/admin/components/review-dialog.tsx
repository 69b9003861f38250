/**
 * The "Review Application" dialog (docs/product.md#merchant-approval): the application, optional
 * notes and terms for an approval, a required reason for a rejection.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { AdminBusiness } from '@common/api/types';
import { decisionTextLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toastFirstIssue } from '@/lib/form-issues';
import { reviewIssues } from '@/features/admin/messages';
import { reviewSchema, type ReviewValues } from '@/features/admin/schemas';
import { useReviewDecision } from '@/features/admin/use-review-decision';
import { ApplicationDetails } from './application-card';
import { StatusBadge } from './status-badge';

interface ReviewDialogProps {
  /** The application under review; null when the dialog is closed. */
  business: AdminBusiness | null;
  onClose: () => void;
  /** Milliseconds to wait before sending the decision (1 s in the approvals panel, docs/product.md#merchant-approval). */
  delayMs: number;
}

export function ReviewDialog({ business, onClose, delayMs }: ReviewDialogProps) {
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  return (
    <Dialog
      open={business !== null}
      // While a decision is on its way the dialog stays, so its outcome is seen.
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t`Review Application`}
    >
      {business && (
        <ReviewForm key={business.id} business={business} delayMs={delayMs} onBusyChange={setBusy} onDone={onClose} />
      )}
    </Dialog>
  );
}

interface ReviewFormProps {
  business: AdminBusiness;
  delayMs: number;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

function ReviewForm({ business, delayMs, onBusyChange, onDone }: ReviewFormProps) {
  const { sending, send } = useReviewDecision(business, delayMs, onDone);
  useEffect(() => onBusyChange(sending !== null), [sending, onBusyChange]);
  const { t } = useLingui();

  const { register, handleSubmit, setValue } = useForm<ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { action: 'approve', notes: '', reason: '', transactionFeePercent: '', maxCreditLimit: '' },
  });

  const submitAs = (action: ReviewValues['action']) => {
    setValue('action', action);
    void handleSubmit(send, toastFirstIssue(reviewIssues()))();
  };

  const busy = sending !== null;
  return (
    <form noValidate aria-label={t`Review Application`} className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      <ReviewSummary business={business} />
      <ReviewFields business={business} register={register} disabled={busy} />

      <div className="grid grid-cols-2 gap-3">
        <Button variant="destructive" disabled={busy} aria-busy={sending === 'reject'} onClick={() => submitAs('reject')}>
          {sending === 'reject' ? <Trans>Processing...</Trans> : <Trans>Reject</Trans>}
        </Button>
        <Button disabled={busy} aria-busy={sending === 'approve'} onClick={() => submitAs('approve')}>
          {sending === 'approve' ? <Trans>Processing...</Trans> : <Trans>Approve</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** Who applied: name, type, status and the application's details. */
function ReviewSummary({ business }: { business: AdminBusiness }) {
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words">{business.businessName}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{business.businessType}</p>
        </div>
        <StatusBadge status={business.status} />
      </div>
      <ApplicationDetails business={business} />
    </div>
  );
}

interface ReviewFieldsProps {
  business: AdminBusiness;
  register: UseFormRegister<ReviewValues>;
  disabled: boolean;
}

/** Notes and terms for an approval, the reason for a rejection. */
function ReviewFields({ business, register, disabled }: ReviewFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <div>
        <Label htmlFor="review-notes"><Trans>Approval Notes</Trans></Label>
        <Textarea
          id="review-notes"
          rows={2}
          placeholder={t`Optional`}
          maxLength={decisionTextLengthMax}
          disabled={disabled}
          {...register('notes')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor="review-fee"><Trans>Transaction Fee (%)</Trans></Label>
          <Input
            id="review-fee"
            inputMode="decimal"
            autoComplete="off"
            placeholder={business.transactionFeePercent}
            disabled={disabled}
            {...register('transactionFeePercent')}
          />
        </div>
        <div>
          <Label htmlFor="review-limit"><Trans>Max Credit Limit (₹)</Trans></Label>
          <Input
            id="review-limit"
            inputMode="decimal"
            autoComplete="off"
            placeholder={business.maxCreditLimit}
            disabled={disabled}
            {...register('maxCreditLimit')}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
        <Trans>Fee and limit apply on approval; leave them empty to keep the defaults shown.</Trans>
      </p>
      <div>
        <Label htmlFor="review-reason"><Trans>Rejection Reason</Trans></Label>
        <Textarea
          id="review-reason"
          rows={2}
          placeholder={t`Required to reject`}
          maxLength={decisionTextLengthMax}
          disabled={disabled}
          {...register('reason')}
        />
      </div>
    </>
  );
}
