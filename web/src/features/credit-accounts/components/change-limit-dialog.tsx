import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { BusinessCreditAccount } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { useChangeCreditLimit } from '@/features/credit-accounts/api/change-credit-limit';
import { changeLimitIssues } from '@/features/credit-accounts/messages';
import { changeLimitSchema, wireAmount, type ChangeLimitValues } from '@/features/credit-accounts/schemas';

interface ChangeLimitDialogProps {
  account: BusinessCreditAccount | null;
  onClose: () => void;
}

/** Sets a customer's credit limit; what they owe is never touched (docs/product.md#credit-accounts). */
export function ChangeLimitDialog({ account, onClose }: ChangeLimitDialogProps) {
  const { t } = useLingui();
  const customerName = account?.customerName;
  const owed = account ? formatWireRupees(account.owed) : '';
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Change Limit`}
      description={account ? t`${customerName} owes ${owed}.` : undefined}
    >
      {account && <ChangeLimitForm account={account} onDone={onClose} />}
    </Dialog>
  );
}

function ChangeLimitForm({ account, onDone }: { account: BusinessCreditAccount; onDone: () => void }) {
  const changeLimit = useChangeCreditLimit();
  const { t } = useLingui();
  const { register, handleSubmit, formState: { errors } } = useForm<ChangeLimitValues>({
    resolver: zodResolver(changeLimitSchema),
    defaultValues: { creditLimit: account.creditLimit },
  });
  const issues = changeLimitIssues();
  const limitError = issueText(errors.creditLimit, issues);
  const submit = ({ creditLimit }: ChangeLimitValues) =>
    changeLimit.mutate(
      { accountId: account.id, creditLimit: wireAmount(creditLimit) },
      {
        onSuccess: () => {
          const customerName = account.customerName;
          const limit = formatWireRupees(wireAmount(creditLimit));
          toast({ title: t`Credit Limit Updated`, description: t`${customerName} can now use up to ${limit}` });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t`Failed to Update Credit Limit`,
            description: serverMessage(error) ?? t`Please check the amount and try again`,
          }),
      },
    );
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <div>
        <Label htmlFor="new-credit-limit"><Trans>New Credit Limit (₹)</Trans></Label>
        <Input
          id="new-credit-limit"
          type="number"
          inputMode="decimal"
          min={0}
          step={100}
          {...register('creditLimit')}
          {...fieldErrorProps('new-credit-limit', limitError)}
        />
        <FieldError fieldId="new-credit-limit" error={limitError} />
      </div>
      <Button type="submit" size="lg" disabled={changeLimit.isPending} aria-busy={changeLimit.isPending}>
        <Trans>Update Limit</Trans>
      </Button>
    </form>
  );
}
