import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { BusinessCreditAccount } from '@common/api/types';
import { parseRupees, type Paise } from '@common/money';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { useRecordRepayment } from '@/features/credit-accounts/api/record-repayment';
import { repaymentIssues } from '@/features/credit-accounts/messages';
import { repaymentSchema, wireAmount, type RepaymentValues } from '@/features/credit-accounts/schemas';

interface RepaymentDialogProps {
  account: BusinessCreditAccount | null;
  onClose: () => void;
}

/** Cash received from a customer, at most what they owe (docs/product.md#credit-accounts). */
export function RepaymentDialog({ account, onClose }: RepaymentDialogProps) {
  const { t } = useLingui();
  const customerName = account?.customerName;
  const owed = account ? formatWireRupees(account.owed) : '';
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Record Repayment`}
      description={account ? t`${customerName} owes ${owed}.` : undefined}
    >
      {account && <RepaymentForm account={account} onDone={onClose} />}
    </Dialog>
  );
}

function RepaymentForm({ account, onDone }: { account: BusinessCreditAccount; onDone: () => void }) {
  const recordRepayment = useRecordRepayment();
  const { t } = useLingui();
  const owedPaise = (parseRupees(account.owed) ?? 0) as Paise;
  const schema = useMemo(() => repaymentSchema(owedPaise), [owedPaise]);
  const { register, handleSubmit, formState: { errors } } = useForm<RepaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const issues = repaymentIssues();
  const amountError = issueText(errors.amount, issues);
  const submit = ({ amount }: RepaymentValues) => {
    const wire = wireAmount(amount);
    recordRepayment.mutate(
      { accountId: account.id, amount: wire },
      {
        onSuccess: () => {
          const amount = formatWireRupees(wire);
          const customerName = account.customerName;
          toast({ title: t`Repayment Recorded`, description: t`${amount} received from ${customerName}` });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t`Repayment Failed`,
            description: serverMessage(error) ?? t`Please try again`,
          }),
      },
    );
  };
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <div>
        <Label htmlFor="repayment-amount"><Trans>Amount Received (₹)</Trans></Label>
        <Input
          id="repayment-amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          max={account.owed}
          placeholder={account.owed}
          {...register('amount')}
          {...fieldErrorProps('repayment-amount', amountError)}
        />
        <FieldError fieldId="repayment-amount" error={amountError} />
      </div>
      <Button type="submit" size="lg" disabled={recordRepayment.isPending} aria-busy={recordRepayment.isPending}>
        <Trans>Record Repayment</Trans>
      </Button>
    </form>
  );
}
