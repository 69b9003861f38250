/**
 * "Move due date" (docs/product.md#dues-and-reminders): a later date for what this customer owes, from tomorrow to a
 * year ahead, India dates. A date earlier than a part's own due date moves nothing of it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BusinessCreditAccount } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DateField } from '@/components/ui/date-field';
import { issueText } from '@/components/ui/field-error';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDay } from '@/lib/date-time';
import { toastFirstIssue } from '@/lib/form-issues';
import { useMoveDueDate } from '@/features/credit-accounts/api/move-due-date';
import { dueDateRange } from '@/features/credit-accounts/dues';
import { dueDateIssues } from '@/features/credit-accounts/messages';
import { dueDateSchema, type DueDateValues } from '@/features/credit-accounts/schemas';

interface DueDateDialogProps {
  account: BusinessCreditAccount | null;
  onClose: () => void;
}

export function DueDateDialog({ account, onClose }: DueDateDialogProps) {
  const { t } = useLingui();
  const customerName = account?.customerName;
  const due = account?.nextDueOn ? formatIndiaDay(account.nextDueOn) : null;
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Move due date`}
      description={account ? (due ? t`${customerName}'s next payment is due ${due}.` : customerName) : undefined}
    >
      {account && <DueDateForm key={account.id} account={account} onDone={onClose} />}
    </Dialog>
  );
}

function DueDateForm({ account, onDone }: { account: BusinessCreditAccount; onDone: () => void }) {
  const moveDueDate = useMoveDueDate();
  const { t } = useLingui();
  // Fixed while the dialog is open: the range a date was checked against is the one shown.
  const range = useMemo(() => dueDateRange(), []);
  const schema = useMemo(() => dueDateSchema(range), [range]);
  const { control, handleSubmit, formState: { errors } } = useForm<DueDateValues>({ resolver: zodResolver(schema), defaultValues: { dueOn: '' } });
  const submit = ({ dueOn }: DueDateValues) =>
    moveDueDate.mutate(
      { accountId: account.id, dueOn },
      {
        onSuccess: () => {
          const customerName = account.customerName;
          const date = formatIndiaDay(dueOn);
          toast({ title: t`Due date moved`, description: t`${customerName} now has until ${date}` });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t`Could not move the due date`, description: serverMessage(error) ?? t`Please try again` }),
      },
    );
  return (
    <form noValidate aria-label={t`Move due date`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(dueDateIssues()))}>
      <Controller
        control={control}
        name="dueOn"
        render={({ field }) => (
          <DateField
            id="new-due-date"
            label={t`New due date`}
            min={range.min}
            max={range.max}
            required
            error={issueText(errors.dueOn, dueDateIssues())}
            {...field}
          />
        )}
      />
      <Button type="submit" size="lg" className="px-3 text-sm whitespace-nowrap" disabled={moveDueDate.isPending} aria-busy={moveDueDate.isPending}>
        <Trans>Move due date</Trans>
      </Button>
    </form>
  );
}
