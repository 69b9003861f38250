/** Declining a customer's repayment claim: the reason is shown to the customer. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { RepaymentClaim } from '@common/api/types';
import { claimDeclineReasonLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { useDeclineClaim } from '@/features/repayment-claims/api/decline-repayment-claim';
import { declineIssues, declineSchema, type DeclineValues } from '@/features/repayment-claims/claim-forms';

interface DeclineClaimDialogProps {
  claim: RepaymentClaim | null;
  onClose: () => void;
}

export function DeclineClaimDialog({ claim, onClose }: DeclineClaimDialogProps) {
  const { t } = useLingui();
  const customerName = claim?.customerName;
  const amount = claim ? formatWireRupees(claim.amount) : '';
  return (
    <Dialog
      open={claim !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Decline claim`}
      description={claim ? t`${customerName} says they paid ${amount}. What they owe stays as it is.` : undefined}
    >
      {claim && <DeclineForm key={claim.id} claim={claim} onDone={onClose} />}
    </Dialog>
  );
}

function DeclineForm({ claim, onDone }: { claim: RepaymentClaim; onDone: () => void }) {
  const decline = useDeclineClaim();
  const { t } = useLingui();
  const { register, handleSubmit } = useForm<DeclineValues>({ resolver: zodResolver(declineSchema), defaultValues: { reason: '' } });
  const submit = ({ reason }: DeclineValues) =>
    decline.mutate(
      { claimId: claim.id, reason: reason.trim() },
      {
        onSuccess: () => {
          const customerName = claim.customerName;
          toast({ title: t`Claim declined`, description: t`${customerName} will see your reason.` });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t`Could not decline the claim`, description: serverMessage(error) ?? t`Please try again` }),
      },
    );
  return (
    <form noValidate aria-label={t`Decline claim`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(declineIssues()))}>
      <div>
        <Label htmlFor="decline-reason"><Trans>Reason</Trans></Label>
        <Textarea
          id="decline-reason"
          rows={3}
          maxLength={claimDeclineReasonLengthMax}
          placeholder={t`For example: no payment with this reference reached my account`}
          {...register('reason')}
        />
      </div>
      <Button type="submit" variant="destructive" size="lg" disabled={decline.isPending} aria-busy={decline.isPending}>
        <Trans>Decline claim</Trans>
      </Button>
    </form>
  );
}
