import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pinDigits } from '@common/limits';
import { isWeakPin } from '@common/weak-pins';
import { Button } from '@/components/ui/button';
import { issueText } from '@/components/ui/field-error';
import { digitsOnChange } from '@/lib/digits';
import { toastFirstIssue } from '@/lib/form-issues';
import { pinPattern } from '@/lib/patterns';
import { PinField, PinMatchHint, PinRequirements, pinsMismatchShown } from '@/features/profile/public';
import { newPinIssues } from '@/features/pin-reset/messages';
import { newPinSchema, type NewPinValues } from '@/features/pin-reset/schemas';

interface NewPinStepProps {
  submitting: boolean;
  onSubmit: (values: NewPinValues) => void;
}

/** New PIN and its confirmation, checked like the Change PIN sheet (docs/product.md#pins, #validation). */
export function NewPinStep({ submitting, onSubmit }: NewPinStepProps) {
  const { t } = useLingui();
  const { register, handleSubmit, control, formState: { errors } } = useForm<NewPinValues>({
    resolver: zodResolver(newPinSchema),
    defaultValues: { newPin: '', confirmPin: '' },
  });
  const [newPin = '', confirmPin = ''] = useWatch({ control, name: ['newPin', 'confirmPin'] });
  const canSubmit = pinPattern.test(newPin) && newPin === confirmPin && !submitting;

  const digits = (name: keyof NewPinValues) => {
    // Once the form has been sent, a changed PIN checks its confirmation again.
    const field = register(name, { deps: name === 'newPin' ? ['confirmPin'] : [] });
    return { ...field, onChange: digitsOnChange(pinDigits, field.onChange) };
  };
  const issues = newPinIssues();

  const requirements = [
    { text: t`Exactly 4 digits`, met: pinPattern.test(newPin) },
    { text: t`Numbers only`, met: newPin.length > 0 && /^\d+$/.test(newPin) },
    { text: t`Not an easy-to-guess PIN like 1234 or 0000`, met: pinPattern.test(newPin) && !isWeakPin(newPin) },
  ];

  return (
    <form
      noValidate
      aria-label={t`Reset PIN`}
      className="space-y-4"
      onSubmit={handleSubmit(onSubmit, toastFirstIssue(issues))}
    >
      <PinField
        id="reset-new-pin"
        label={t`New PIN`}
        autoFocus
        autoComplete="new-password"
        error={issueText(errors.newPin, issues)}
        {...digits('newPin')}
      />
      {/* Once the confirmation is typed in, the hint under it says whether the PINs match. */}
      <div>
        <PinField
          id="reset-confirm-pin"
          label={t`Confirm New PIN`}
          autoComplete="new-password"
          aria-describedby={confirmPin ? 'reset-confirm-pin-hint' : undefined}
          aria-invalid={pinsMismatchShown(newPin, confirmPin) || undefined}
          error={confirmPin ? undefined : issueText(errors.confirmPin, issues)}
          {...digits('confirmPin')}
        />
        <PinMatchHint id="reset-confirm-pin-hint" newPin={newPin} confirmPin={confirmPin} />
      </div>
      <PinRequirements requirements={requirements} />
      <Button type="submit" size="lg" disabled={!canSubmit} aria-busy={submitting}>
        <Trans>Reset PIN</Trans>
      </Button>
    </form>
  );
}
