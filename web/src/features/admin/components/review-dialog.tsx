/**
 * The "Review Application" dialog (spec §2, §4, §5, §7, §8): the application, optional
 * notes and terms for an approval, a required reason for a rejection.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminBusiness } from '@common/api-types';
import { decisionTextLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { toastFirstIssue } from '@/lib/form-issues';
import { useDecideBusinesses, type DecideBusinessesRequest } from '@/features/admin/api/decide-businesses';
import { decisionFailed, decisionSucceeded, reviewIssues } from '@/features/admin/messages';
import { reviewSchema, termsForWire, type ReviewValues } from '@/features/admin/schemas';
import { ApplicationDetails } from './application-card';
import { StatusBadge } from './status-badge';

interface ReviewDialogProps {
  /** The application under review; null when the dialog is closed. */
  business: AdminBusiness | null;
  onClose: () => void;
  /** Milliseconds to wait before sending the decision (spec §4: 1 s in the approvals panel). */
  delayMs: number;
}

export function ReviewDialog({ business, onClose, delayMs }: ReviewDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={business !== null}
      // While a decision is on its way the dialog stays, so its outcome is seen.
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Review Application"
    >
      {business && (
        <ReviewForm key={business.id} business={business} delayMs={delayMs} onBusyChange={setBusy} onDone={onClose} />
      )}
    </Dialog>
  );
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ReviewFormProps {
  business: AdminBusiness;
  delayMs: number;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

function ReviewForm({ business, delayMs, onBusyChange, onDone }: ReviewFormProps) {
  const decide = useDecideBusinesses();
  const [sending, setSending] = useState<ReviewValues['action'] | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => onBusyChange(sending !== null), [sending, onBusyChange]);

  const { register, handleSubmit, setValue } = useForm<ReviewValues>({
    resolver: zodResolver(reviewSchema),
    defaultValues: { action: 'approve', notes: '', reason: '', transactionFeePercent: '', maxCreditLimit: '' },
  });

  const send = async (values: ReviewValues) => {
    setSending(values.action);
    if (delayMs > 0) await wait(delayMs);
    if (!mounted.current) return;
    const notes = values.notes.trim();
    const reason = values.reason.trim();
    const body: DecideBusinessesRequest = {
      businessIds: [business.id],
      action: values.action,
      ...(values.action === 'reject' ? { reason } : termsForWire(values)),
      ...(notes ? { notes } : {}),
    };
    decide.mutate(body, {
      onSuccess: () => {
        toast(decisionSucceeded);
        onDone();
      },
      onError: () => toast({ variant: 'destructive', ...decisionFailed }),
      onSettled: () => {
        if (mounted.current) setSending(null);
      },
    });
  };

  const submitAs = (action: ReviewValues['action']) => {
    setValue('action', action);
    void handleSubmit(send, toastFirstIssue(reviewIssues))();
  };

  const busy = sending !== null;
  return (
    <form noValidate aria-label="Review Application" className="space-y-4" onSubmit={(event) => event.preventDefault()}>
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

      <div>
        <Label htmlFor="review-notes">Approval Notes</Label>
        <Textarea
          id="review-notes"
          rows={2}
          placeholder="Optional"
          maxLength={decisionTextLengthMax}
          disabled={busy}
          {...register('notes')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor="review-fee">Transaction Fee (%)</Label>
          <Input
            id="review-fee"
            inputMode="decimal"
            autoComplete="off"
            placeholder={business.transactionFeePercent}
            disabled={busy}
            {...register('transactionFeePercent')}
          />
        </div>
        <div>
          <Label htmlFor="review-limit">Max Credit Limit (₹)</Label>
          <Input
            id="review-limit"
            inputMode="decimal"
            autoComplete="off"
            placeholder={business.maxCreditLimit}
            disabled={busy}
            {...register('maxCreditLimit')}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
        Fee and limit apply on approval; leave them empty to keep the defaults shown.
      </p>
      <div>
        <Label htmlFor="review-reason">Rejection Reason</Label>
        <Textarea
          id="review-reason"
          rows={2}
          placeholder="Required to reject"
          maxLength={decisionTextLengthMax}
          disabled={busy}
          {...register('reason')}
        />
      </div>

      <div className="grid grid-cols-2 gap-3">
        <Button variant="destructive" disabled={busy} aria-busy={sending === 'reject'} onClick={() => submitAs('reject')}>
          {sending === 'reject' ? 'Processing...' : 'Reject'}
        </Button>
        <Button disabled={busy} aria-busy={sending === 'approve'} onClick={() => submitAs('approve')}>
          {sending === 'approve' ? 'Processing...' : 'Approve'}
        </Button>
      </div>
    </form>
  );
}
