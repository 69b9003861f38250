/** Edit Terms: an approved business's fee rate and maximum credit limit (docs/product.md#merchant-approval). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { AdminBusiness } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { useUpdateBusinessTerms } from '@/features/admin/api/update-business-terms';
import { formatFeePercent } from '@/features/admin/format';
import { formatWireRupees } from '@/lib/format';
import { termsFailedDefault, termsIssues, termsUpdatedTitle } from '@/features/admin/messages';
import { termsForWire, termsSchema, type TermsValues } from '@/features/admin/schemas';

interface EditTermsDialogProps {
  business: AdminBusiness | null;
  onClose: () => void;
}

export function EditTermsDialog({ business, onClose }: EditTermsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={business !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t`Edit Terms`}
      description={business ? business.businessName : undefined}
    >
      {business && <TermsForm key={business.id} business={business} onDone={onClose} />}
    </Dialog>
  );
}

function TermsForm({ business, onDone }: { business: AdminBusiness; onDone: () => void }) {
  const update = useUpdateBusinessTerms();
  const { t } = useLingui();
  const { register, handleSubmit } = useForm<TermsValues>({
    resolver: zodResolver(termsSchema),
    defaultValues: {
      transactionFeePercent: business.transactionFeePercent,
      maxCreditLimit: business.maxCreditLimit,
    },
  });

  const submit = (values: TermsValues) =>
    update.mutate(
      { businessId: business.id, terms: termsForWire(values) },
      {
        onSuccess: ({ business: saved }) => {
          const businessName = saved.businessName;
          const fee = formatFeePercent(saved.transactionFeePercent);
          const limit = formatWireRupees(saved.maxCreditLimit);
          toast({
            title: termsUpdatedTitle(),
            description: t`${businessName}: fee ${fee}, max credit limit ${limit}`,
          });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? termsFailedDefault() }),
      },
    );

  return (
    <form noValidate aria-label={t`Edit Terms`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(termsIssues()))}>
      <div>
        <Label htmlFor="terms-fee"><Trans>Transaction Fee (%)</Trans></Label>
        <Input id="terms-fee" inputMode="decimal" autoComplete="off" {...register('transactionFeePercent')} />
      </div>
      <div>
        <Label htmlFor="terms-limit"><Trans>Max Credit Limit (₹)</Trans></Label>
        <Input id="terms-limit" inputMode="decimal" autoComplete="off" {...register('maxCreditLimit')} />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <Trans>A new fee applies to QR codes generated and payments made from now on.</Trans>
      </p>
      <Button type="submit" size="lg" disabled={update.isPending} aria-busy={update.isPending}>
        {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Terms</Trans>}
      </Button>
    </form>
  );
}
