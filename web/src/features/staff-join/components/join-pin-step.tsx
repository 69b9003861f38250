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
import type { StaffInvitation } from '@/features/staff-join/api/get-staff-invitations';
import { joinPinIssues } from '@/features/staff-join/messages';
import { joinPinSchema, type JoinPinValues } from '@/features/staff-join/schemas';

interface JoinPinStepProps {
  invitation: StaffInvitation;
  submitting: boolean;
  onSubmit: (values: JoinPinValues) => void;
  onBack: () => void;
}

/**
 * A new staff account's PIN, chosen as it accepts its first invitation: the PIN it signs
 * in with on the merchant sign-in's Staff option, at every shop it works at.
 */
export function JoinPinStep({ invitation, submitting, onSubmit, onBack }: JoinPinStepProps) {
  const { t } = useLingui();
  const { register, handleSubmit, control, formState: { errors } } = useForm<JoinPinValues>({
    resolver: zodResolver(joinPinSchema),
    defaultValues: { pin: '', confirmPin: '' },
  });
  const [pin = '', confirmPin = ''] = useWatch({ control, name: ['pin', 'confirmPin'] });
  const digits = (name: keyof JoinPinValues) => {
    // Once the form has been sent, a changed PIN checks its confirmation again.
    const field = register(name, { deps: name === 'pin' ? ['confirmPin'] : [] });
    return { ...field, onChange: digitsOnChange(pinDigits, field.onChange) };
  };
  const issues = joinPinIssues();
  const requirements = [
    { text: t`Exactly 4 digits`, met: pinPattern.test(pin) },
    { text: t`Numbers only`, met: pin.length > 0 && /^\d+$/.test(pin) },
    { text: t`Not an easy-to-guess PIN like 1234 or 0000`, met: pinPattern.test(pin) && !isWeakPin(pin) },
  ];
  const shop = invitation.businessName;
  return (
    <form
      noValidate
      aria-label={t`Choose your PIN`}
      className="space-y-4"
      onSubmit={handleSubmit(onSubmit, toastFirstIssue(issues))}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>You sign in with this number and this PIN, at {shop} and at any shop you join later.</Trans>
      </p>
      <PinField
        id="join-pin"
        label={t`Choose a 4-digit PIN`}
        autoFocus
        autoComplete="new-password"
        error={issueText(errors.pin, issues)}
        {...digits('pin')}
      />
      {/* Once the confirmation is typed in, the hint under it says whether the PINs match. */}
      <div>
        <PinField
          id="join-confirm-pin"
          label={t`Confirm PIN`}
          autoComplete="new-password"
          aria-describedby={confirmPin ? 'join-confirm-pin-hint' : undefined}
          aria-invalid={pinsMismatchShown(pin, confirmPin) || undefined}
          error={confirmPin ? undefined : issueText(errors.confirmPin, issues)}
          {...digits('confirmPin')}
        />
        <PinMatchHint id="join-confirm-pin-hint" newPin={pin} confirmPin={confirmPin} />
      </div>
      <PinRequirements requirements={requirements} />
      <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
        <Trans>Accept and sign in</Trans>
      </Button>
      <Button variant="ghost" size="lg" onClick={onBack}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
