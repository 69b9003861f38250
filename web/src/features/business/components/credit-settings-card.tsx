/**
 * Settings → Credit terms (docs/product.md#dues-and-reminders): how many days each payment's total is given before it
 * falls due (new payments only: an old due date keeps the period it was made under), and
 * the UPI ID customers pay back to. Saving them asks for the PIN: the server
 * takes a change only after a PIN confirmation on the same session minutes before.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BusinessSettings } from '@common/api/types';
import { creditPeriodDaysMax, creditPeriodDaysMin } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, fieldErrorProps, issueText } from '@/components/ui/field-error';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { ApiError, serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { useBusinessSettings } from '@/features/business/api/get-business-settings';
import { useUpdateBusinessSettings } from '@/features/business/api/update-business-settings';
import {
  creditSettingsBody, creditSettingsIssues, creditSettingsSchema, creditSettingsValues, type CreditSettingsValues,
} from '@/features/business/settings-form';
import { ConfirmPinDialog } from './confirm-pin-dialog';

export function CreditSettingsCard({ approved }: { approved: boolean }) {
  const settings = useBusinessSettings();
  const { t } = useLingui();
  return (
    <Card className="space-y-4">
      <div>
        <h2 id="credit-terms-heading" className="text-base font-semibold"><Trans>Credit terms</Trans></h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>Each payment falls due this many days after it is made. Customers pay you back to your UPI ID.</Trans>
        </p>
      </div>
      {settings.isPending ? (
        <Spinner label={t`Loading settings`} className="py-4" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400"><Trans>Could not load settings.</Trans></p>
      ) : (
        <CreditSettingsForm saved={settings.data} approved={approved} />
      )}
    </Card>
  );
}

function CreditSettingsForm({ saved, approved }: { saved: BusinessSettings; approved: boolean }) {
  const update = useUpdateBusinessSettings();
  const { t } = useLingui();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<CreditSettingsValues>({
    resolver: zodResolver(creditSettingsSchema),
    defaultValues: creditSettingsValues(saved),
  });
  const issues = creditSettingsIssues();
  const periodError = issueText(errors.creditPeriodDays, issues);
  const upiIdError = issueText(errors.upiId, issues);
  // The settings waiting for the PIN, and why it is asked again (the server's words), if it is.
  const [awaitingPin, setAwaitingPin] = useState<BusinessSettings | null>(null);
  const [pinNotice, setPinNotice] = useState<string | null>(null);
  const [pinAskedCount, setPinAskedCount] = useState(0);
  const askPin = (body: BusinessSettings, notice: string | null) => {
    setPinNotice(notice);
    setPinAskedCount((count) => count + 1);
    setAwaitingPin(body);
  };
  const save = (body: BusinessSettings) =>
    update.mutate(body, {
      onSuccess: (answer) => {
        reset(creditSettingsValues(answer));
        toast({ title: t`Settings saved`, description: t`New payments fall due after the period set here.` });
      },
      onError: (error) => {
        // The confirmation lapsed (it lasts minutes): ask for the PIN again and save after it.
        if (error instanceof ApiError && error.code === 'pin_confirmation_required') {
          askPin(body, serverMessage(error));
          return;
        }
        toast({ variant: 'destructive', title: t`Could not save settings`, description: serverMessage(error) ?? t`Please try again` });
      },
    });
  const submit = (values: CreditSettingsValues) => askPin(creditSettingsBody(values), null);
  const pinConfirmed = () => {
    const body = awaitingPin;
    setAwaitingPin(null);
    if (body) save(body);
  };
  // The dialog is the form's sibling: a portal's events still bubble through the React tree.
  return (
    <>
      <form noValidate aria-labelledby="credit-terms-heading" className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
        <fieldset disabled={!approved} className="space-y-4">
          <div>
            <Label htmlFor="credit-period-days"><Trans>Credit period (days)</Trans></Label>
            <Input
              id="credit-period-days"
              type="number"
              inputMode="numeric"
              min={creditPeriodDaysMin}
              max={creditPeriodDaysMax}
              step={1}
              {...register('creditPeriodDays')}
              {...fieldErrorProps('credit-period-days', periodError)}
            />
            <FieldError fieldId="credit-period-days" error={periodError} />
          </div>
          <div>
            <Label htmlFor="upi-id"><Trans>UPI ID</Trans></Label>
            <Input
              id="upi-id"
              type="text"
              inputMode="email"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              placeholder={t`name@bank`}
              {...register('upiId')}
              {...fieldErrorProps('upi-id', upiIdError, 'upi-id-note')}
            />
            <FieldError fieldId="upi-id" error={upiIdError} />
            <p id="upi-id-note" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              <Trans>Optional. Leave it empty to stop offering payment by UPI.</Trans>
            </p>
          </div>
          <Button type="submit" size="lg" disabled={!approved || update.isPending} aria-busy={update.isPending}>
            {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
          </Button>
        </fieldset>
        {!approved && (
          <p className="text-xs text-slate-500 dark:text-slate-400"><Trans>You can set these once your business is approved.</Trans></p>
        )}
      </form>
      <ConfirmPinDialog
        open={awaitingPin !== null}
        onOpenChange={(open) => !open && setAwaitingPin(null)}
        onConfirmed={pinConfirmed}
        notice={pinNotice}
        askedCount={pinAskedCount}
      />
    </>
  );
}
