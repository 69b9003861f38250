/**
 * Unlock Account (docs/product.md#pins): lifts the PIN lock of a sign-in
 * identifier, for someone locked out who cannot wait or reset the PIN by OTP.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useForm, useWatch } from 'react-hook-form';
import { emailLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { useUnlockAccount } from '@/features/admin/api/unlock-account';
import { accountNotLocked, accountUnlocked, unlockFailedDefault, unlockFailedTitle, unlockIssues } from '@/features/admin/messages';
import { unlockIdentifier, unlocksByPhone, unlockSchema, type UnlockValues } from '@/features/admin/schemas';

// Labels as descriptors, read in the language shown now.
const roleOptions: { value: UnlockValues['role']; label: MessageDescriptor }[] = [
  { value: 'customer', label: msg`Customer` },
  { value: 'business', label: msg`Business` },
  { value: 'staff', label: msg`Staff` },
  { value: 'admin', label: msg`Admin` },
];

const selectClasses =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export function UnlockAccountForm() {
  const unlock = useUnlockAccount();
  const { register, handleSubmit, control, resetField } = useForm<UnlockValues>({
    resolver: zodResolver(unlockSchema),
    defaultValues: { role: 'customer', identifier: '' },
  });
  const role = useWatch({ control, name: 'role' });
  const byPhone = unlocksByPhone(role);
  const { t } = useLingui();

  const submit = (values: UnlockValues) =>
    unlock.mutate(
      { role: values.role, identifier: unlockIdentifier(values) },
      {
        onSuccess: ({ wasLocked }) => {
          toast(wasLocked ? accountUnlocked() : accountNotLocked());
          resetField('identifier');
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: unlockFailedTitle(), description: serverMessage(error) ?? unlockFailedDefault() }),
      },
    );

  return (
    <Card>
      <h2 id="unlock-account-title" className="text-base font-semibold">
        <Trans>Unlock Account</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        <Trans>Lets an account locked by wrong PINs sign in again at once.</Trans>
      </p>
      <form
        noValidate
        aria-labelledby="unlock-account-title"
        className="mt-4 space-y-4"
        onSubmit={handleSubmit(submit, toastFirstIssue(unlockIssues()))}
      >
        <div>
          <Label htmlFor="unlock-role"><Trans>Role</Trans></Label>
          <select id="unlock-role" className={selectClasses} {...register('role')}>
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="unlock-identifier"><Trans>Phone or Email</Trans></Label>
          <Input
            id="unlock-identifier"
            type={byPhone ? 'tel' : 'email'}
            inputMode={byPhone ? 'tel' : 'email'}
            autoComplete="off"
            placeholder={byPhone ? '98765 43210' : 'name@example.com'}
            maxLength={emailLengthMax}
            aria-describedby="unlock-identifier-hint"
            {...register('identifier')}
          />
          <p id="unlock-identifier-hint" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            {byPhone ? <Trans>The 10-digit mobile number, without +91.</Trans> : <Trans>The e-mail the account signs in with.</Trans>}
          </p>
        </div>
        <Button type="submit" size="lg" disabled={unlock.isPending} aria-busy={unlock.isPending}>
          <Trans>Unlock</Trans>
        </Button>
      </form>
    </Card>
  );
}
