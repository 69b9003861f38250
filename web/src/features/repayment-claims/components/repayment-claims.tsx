/**
 * Repayment claims (docs/product.md#upi-repayment-claims): customers who say they paid back by UPI. Khata cannot see
 * the bank, so each waits here until the merchant confirms it (one tap, the claimed amount,
 * or a smaller one) and only then becomes a repayment on the ledger; or declines it with a
 * reason. New claims arrive live through the events stream.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RepaymentClaim } from '@common/api/types';
import { parseRupees } from '@common/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDateTime } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { useConfirmClaim, type ConfirmClaimRequest } from '@/features/repayment-claims/api/confirm-repayment-claim';
import { usePendingClaims } from '@/features/repayment-claims/api/get-repayment-claims';
import {
  smallerAmountIssues, smallerAmountSchema, typedRupees, type SmallerAmountValues,
} from '@/features/repayment-claims/claim-forms';
import { lazyDialog } from '@/components/ui/lazy-dialog';

const DeclineClaimDialog = lazyDialog(() => import('./decline-claim-dialog').then((m) => m.DeclineClaimDialog), 'claim');

/**
 * The section shows only while claims wait (or their list failed): most days there are
 * none, and an empty card at the top of the dashboard would be the page's largest paint and
 * push everything below it down as it arrived. A new claim brings it in, live.
 */
export function RepaymentClaims() {
  const claims = usePendingClaims();
  const [declining, setDeclining] = useState<RepaymentClaim | null>(null);
  if (claims.isPending || (claims.isSuccess && claims.data.claims.length === 0)) return null;
  return (
    <section aria-labelledby="repayment-claims-heading" className="space-y-3">
      <h2 id="repayment-claims-heading" className="text-base font-semibold">
        <Trans>Repayment claims</Trans>
      </h2>
      {claims.isError ? (
        <Card className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load repayment claims.</Trans></Card>
      ) : (
        <ul className="space-y-3">
          {claims.data.claims.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim} onDecline={() => setDeclining(claim)} />
            </li>
          ))}
        </ul>
      )}
      <DeclineClaimDialog claim={declining} onClose={() => setDeclining(null)} />
    </section>
  );
}

function ClaimCard({ claim, onDecline }: { claim: RepaymentClaim; onDecline: () => void }) {
  const confirm = useConfirmClaim();
  const { t } = useLingui();
  const [smaller, setSmaller] = useState(false);
  const headingId = `claim-${claim.id}`;
  const customerName = claim.customerName;
  const reference = claim.upiReference;
  // The promise, not mutate's own callbacks: the claim's news on the events stream often
  // arrives before the answer and removes this card, and an unmounted card's callbacks never run.
  const send = (request: ConfirmClaimRequest) =>
    void confirm.mutateAsync(request).then(
      ({ claim: confirmed }) => {
        const amount = formatWireRupees(confirmed.confirmedAmount ?? claim.amount);
        toast({ title: t`Repayment confirmed`, description: t`${amount} from ${customerName} is on the ledger` });
      },
      (error: unknown) =>
        toast({ variant: 'destructive', title: t`Could not confirm the claim`, description: serverMessage(error) ?? t`Please try again` }),
    );
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">{customerName}</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={claim.createdAt}>{formatIndiaDateTime(claim.createdAt)}</time>
          </p>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">
            {reference ? t`UPI ref ${reference}` : t`No UPI reference given`}
          </p>
        </div>
        <p className="shrink-0 text-lg font-bold text-emerald-700 tabular-nums dark:text-emerald-400">{formatWireRupees(claim.amount)}</p>
      </div>
      {smaller ? (
        <SmallerAmountForm claim={claim} busy={confirm.isPending} onConfirm={(amount) => send({ claimId: claim.id, amount })} onCancel={() => setSmaller(false)} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-2">
            <Button disabled={confirm.isPending} aria-busy={confirm.isPending} onClick={() => send({ claimId: claim.id })}>
              <Trans>Confirm</Trans>
            </Button>
            <Button variant="secondary" disabled={confirm.isPending} onClick={onDecline}>
              <Trans>Decline</Trans>
            </Button>
          </div>
          <Button variant="link" className="h-8 px-0 text-xs" disabled={confirm.isPending} onClick={() => setSmaller(true)}>
            <Trans>Confirm a smaller amount</Trans>
          </Button>
        </>
      )}
    </Card>
  );
}

interface SmallerAmountFormProps {
  claim: RepaymentClaim;
  busy: boolean;
  /** The amount typed, in rupees. */
  onConfirm: (rupees: number) => void;
  onCancel: () => void;
}

function SmallerAmountForm({ claim, busy, onConfirm, onCancel }: SmallerAmountFormProps) {
  const { t } = useLingui();
  const claimedPaise = parseRupees(claim.amount) ?? 0;
  const schema = useMemo(() => smallerAmountSchema(claimedPaise), [claimedPaise]);
  const { register, handleSubmit, formState: { errors } } = useForm<SmallerAmountValues>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });
  const inputId = `smaller-amount-${claim.id}`;
  const issues = smallerAmountIssues(formatWireRupees(claim.amount));
  const amountError = issueText(errors.amount, issues);
  return (
    <form
      noValidate
      aria-label={t`Confirm a smaller amount`}
      className="space-y-3"
      onSubmit={handleSubmit(({ amount }) => onConfirm(typedRupees(amount)), toastFirstIssue(issues))}
    >
      <div>
        <Label htmlFor={inputId}><Trans>Amount received (₹)</Trans></Label>
        <Input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          max={claim.amount}
          placeholder={claim.amount}
          {...register('amount')}
          {...fieldErrorProps(inputId, amountError)}
        />
        <FieldError fieldId={inputId} error={amountError} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          <Trans>Confirm amount</Trans>
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
