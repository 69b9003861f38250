import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { BusinessCreditAccount } from '@common/api-types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
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

/** Sets a customer's credit limit; what they owe is never touched (design.md §3). */
export function ChangeLimitDialog({ account, onClose }: ChangeLimitDialogProps) {
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Change Limit"
      description={account ? `${account.customerName} owes ${formatWireRupees(account.owed)}.` : undefined}
    >
      {account && <ChangeLimitForm account={account} onDone={onClose} />}
    </Dialog>
  );
}

function ChangeLimitForm({ account, onDone }: { account: BusinessCreditAccount; onDone: () => void }) {
  const changeLimit = useChangeCreditLimit();
  const { register, handleSubmit } = useForm<ChangeLimitValues>({
    resolver: zodResolver(changeLimitSchema),
    defaultValues: { creditLimit: account.creditLimit },
  });
  const submit = ({ creditLimit }: ChangeLimitValues) =>
    changeLimit.mutate(
      { accountId: account.id, creditLimit: wireAmount(creditLimit) },
      {
        onSuccess: () => {
          toast({
            title: 'Credit Limit Updated',
            description: `${account.customerName} can now use up to ${formatWireRupees(wireAmount(creditLimit))}`,
          });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to Update Credit Limit',
            description: serverMessage(error) ?? 'Please check the amount and try again',
          }),
      },
    );
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(changeLimitIssues))}>
      <div>
        <Label htmlFor="new-credit-limit">New Credit Limit (₹)</Label>
        <Input id="new-credit-limit" type="number" inputMode="decimal" min={0} step={100} {...register('creditLimit')} />
      </div>
      <Button type="submit" size="lg" disabled={changeLimit.isPending} aria-busy={changeLimit.isPending}>
        Update Limit
      </Button>
    </form>
  );
}
