/**
 * Reversing a cash repayment recorded by mistake (docs/product.md#refunds-and-reports), within
 * days of it, with a reason and the merchant's PIN. What the customer owes rises back by the
 * repayment's amount even above their credit limit, as it restores a debt that existed: the
 * dialog says so before anything is sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { issueText } from '@/components/ui/field-error';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { useReverseRepayment } from '@/features/refunds/api/reverse-repayment';
import { reversalIssues, reversalSchema, type ReversalValues } from '@/features/refunds/refund-forms';
import { ReasonAndPin } from './reason-and-pin';

/** The cash repayment to reverse. */
export interface ReversalTarget {
  repaymentId: string;
  customerName: string;
  /** Its amount, a wire string. */
  amount: string;
}

interface ReversalDialogProps {
  /** The dialog is closed while null. */
  target: ReversalTarget | null;
  onClose: () => void;
}

export function ReversalDialog({ target, onClose }: ReversalDialogProps) {
  const { t } = useLingui();
  const customerName = target?.customerName;
  const amount = target ? formatWireRupees(target.amount) : '';
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Reverse repayment`}
      description={target ? t`This adds ${amount} back to what ${customerName} owes, even above their credit limit.` : undefined}
    >
      {target && <ReversalForm key={target.repaymentId} target={target} onDone={onClose} />}
    </Dialog>
  );
}

function ReversalForm({ target, onDone }: { target: ReversalTarget; onDone: () => void }) {
  const { t } = useLingui();
  const reverse = useReverseRepayment();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setValue, formState: { errors } } = useForm<ReversalValues>({
    resolver: zodResolver(reversalSchema),
    defaultValues: { reason: '', pin: '' },
  });
  const issues = reversalIssues();
  const submit = ({ reason, pin }: ReversalValues) => {
    setRefusal(null);
    void reverse.mutateAsync({ repaymentId: target.repaymentId, reason: reason.trim(), pin }).then(
      ({ creditAccount }) => {
        const customerName = target.customerName;
        const owed = formatWireRupees(creditAccount.owed);
        toast({ title: t`Repayment reversed`, description: t`${customerName} owes ${owed} now` });
        onDone();
      },
      (error: unknown) => {
        setValue('pin', '');
        setRefusal(serverMessage(error) ?? t`Please try again`);
      },
    );
  };
  return (
    <form noValidate aria-label={t`Reverse repayment`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <ReasonAndPin
        idPrefix="reversal"
        reason={register('reason')}
        pin={register('pin')}
        errors={{ reason: issueText(errors.reason, issues), pin: issueText(errors.pin, issues) }}
        refusal={refusal}
      />
      <Button type="submit" variant="destructive" size="lg" disabled={reverse.isPending} aria-busy={reverse.isPending}>
        <Trans>Reverse repayment</Trans>
      </Button>
    </form>
  );
}
