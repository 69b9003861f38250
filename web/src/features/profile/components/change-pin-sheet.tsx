import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import type { Role } from '@common/api/types';
import { zodResolver } from '@hookform/resolvers/zod';
import { isWeakPin } from '@common/weak-pins';
import { Button } from '@/components/ui/button';
import { issueText } from '@/components/ui/field-error';
import { Sheet } from '@/components/ui/sheet';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { digitsOnChange } from '@/lib/digits';
import { toastFirstIssue } from '@/lib/form-issues';
import { pinPattern } from '@/lib/patterns';
import { pinDigits } from '@common/limits';
import { useChangePin } from '@/features/profile/api/change-pin';
import { changePinFailedDefault, changePinIssues } from '@/features/profile/messages';
import { changePinSchema, type ChangePinValues } from '@/features/profile/schemas';
import { PinField } from './pin-field';
import { PinMatchHint, PinRequirements, pinsMismatchShown } from './pin-hints';

interface ChangePinSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose PIN: picks the endpoint (api/change-pin.ts). The customer's by default. */
  role?: Role;
}

const emptyValues: ChangePinValues = { currentPin: '', newPin: '', confirmPin: '' };

export function ChangePinSheet({ open, onOpenChange, role = 'customer' }: ChangePinSheetProps) {
  const { t } = useLingui();
  const sheetDescriptions: Record<Role, string> = {
    customer: t`Your PIN authorises payments and sign-in.`,
    business: t`Your PIN signs you in to your business account.`,
    staff: t`Your PIN signs you in to the shops you work at.`,
    admin: t`Your PIN signs you in to the admin dashboard.`,
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t`Change PIN`} description={sheetDescriptions[role]}>
      <ChangePinForm role={role} onDone={() => onOpenChange(false)} />
    </Sheet>
  );
}

function ChangePinForm({ role, onDone }: { role: Role; onDone: () => void }) {
  const changePin = useChangePin(role);
  const { t } = useLingui();
  const { register, handleSubmit, control, reset, formState: { errors } } = useForm<ChangePinValues>({
    resolver: zodResolver(changePinSchema),
    defaultValues: emptyValues,
  });
  const [currentPin = '', newPin = '', confirmPin = ''] = useWatch({
    control,
    name: ['currentPin', 'newPin', 'confirmPin'],
  });
  const complete = [currentPin, newPin, confirmPin].every((pin) => pinPattern.test(pin));
  const canSubmit = complete && newPin === confirmPin && !changePin.isPending;

  const submit = (values: ChangePinValues) =>
    changePin.mutate(values, {
      onSuccess: () => {
        toast({ title: t`PIN Changed Successfully`, description: t`Your PIN has been updated` });
        reset(emptyValues);
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`PIN Change Failed`,
          description: serverMessage(error) ?? changePinFailedDefault(),
        }),
    });

  // Once the form has been sent, a change to one PIN checks the rules that compare it with
  // another again (same as the current one, matching the confirmation).
  const dependents: Record<keyof ChangePinValues, (keyof ChangePinValues)[]> = {
    currentPin: ['newPin'],
    newPin: ['confirmPin'],
    confirmPin: [],
  };
  const digits = (name: keyof ChangePinValues) => {
    const field = register(name, { deps: dependents[name] });
    return { ...field, onChange: digitsOnChange(pinDigits, field.onChange) };
  };
  const issues = changePinIssues();

  const requirements = [
    { text: t`Exactly 4 digits`, met: pinPattern.test(newPin) },
    { text: t`Numbers only`, met: newPin.length > 0 && /^\d+$/.test(newPin) },
    { text: t`Different from your current PIN`, met: pinPattern.test(newPin) && newPin !== currentPin },
    { text: t`Not an easy-to-guess PIN like 1234 or 0000`, met: pinPattern.test(newPin) && !isWeakPin(newPin) },
  ];

  return (
    <form
      noValidate
      aria-label={t`Change PIN`}
      className="space-y-4"
      onSubmit={handleSubmit(submit, toastFirstIssue(issues))}
    >
      <PinField
        id="current-pin"
        label={t`Current PIN`}
        autoComplete="current-password"
        error={issueText(errors.currentPin, issues)}
        {...digits('currentPin')}
      />
      <PinField
        id="new-pin"
        label={t`New PIN`}
        autoComplete="new-password"
        error={issueText(errors.newPin, issues)}
        {...digits('newPin')}
      />
      {/* Once the confirmation is typed in, the hint under it says whether the PINs match. */}
      <div>
        <PinField
          id="confirm-new-pin"
          label={t`Confirm New PIN`}
          autoComplete="new-password"
          aria-describedby={confirmPin ? 'confirm-new-pin-hint' : undefined}
          aria-invalid={pinsMismatchShown(newPin, confirmPin) || undefined}
          error={confirmPin ? undefined : issueText(errors.confirmPin, issues)}
          {...digits('confirmPin')}
        />
        <PinMatchHint id="confirm-new-pin-hint" newPin={newPin} confirmPin={confirmPin} />
      </div>
      <PinRequirements requirements={requirements} />
      <Button type="submit" size="lg" disabled={!canSubmit} aria-busy={changePin.isPending}>
        <Trans>Change PIN</Trans>
      </Button>
    </form>
  );
}
