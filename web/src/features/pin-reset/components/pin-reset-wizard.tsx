/**
 * A forgotten or locked PIN (docs/product.md#pins, docs/api.md): phone → otp → new PIN. The
 * code goes to the registered phone with purpose "pin_reset"; verifying it sets the
 * proof cookie the reset needs. The reset lifts the lock and signs out every session.
 * Loaded only when "Forgot PIN?" is chosen on a login screen.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResetPinBody } from '@common/schemas/identity';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toPhoneNumber } from '@/lib/format';
import { PhoneVerificationSteps, WizardHeader, usePhoneVerification } from '@/features/phone-verification/public';
import { useResetPin } from '@/features/pin-reset/api/reset-pin';
import { pinResetFailedDefault, pinResetFailedTitle, pinResetSucceeded } from '@/features/pin-reset/messages';
import type { NewPinValues } from '@/features/pin-reset/schemas';
import { NewPinStep } from './new-pin-step';

export type PinResetRole = ResetPinBody['role'];
type Step = 'phone' | 'otp' | 'pin';

const stepOrder: Step[] = ['phone', 'otp', 'pin'];

interface PinResetWizardProps {
  /** "customer" on /cust, "business" on /merchant. */
  role: PinResetRole;
  /** Back to the login form; also called once the PIN has been reset. */
  onBackToLogin: () => void;
}

export function PinResetWizard({ role, onBackToLogin }: PinResetWizardProps) {
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const verification = usePhoneVerification('pin_reset');
  const resetPin = useResetPin();
  const { t } = useLingui();
  const stepTitles: Record<Step, string> = {
    phone: t`Verify your phone`,
    otp: t`Enter verification code`,
    pin: t`Choose a new PIN`,
  };

  const submit = (values: NewPinValues) =>
    resetPin.mutate(
      { phoneNumber: toPhoneNumber(phone), role, newPin: values.newPin, confirmPin: values.confirmPin },
      {
        onSuccess: () => {
          toast(pinResetSucceeded());
          onBackToLogin();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: pinResetFailedTitle(),
            description: serverMessage(error) ?? pinResetFailedDefault(),
          }),
      },
    );

  return (
    <>
      <section aria-labelledby="pin-reset-step-title">
        <WizardHeader
          titleId="pin-reset-step-title"
          stepNumber={stepOrder.indexOf(step) + 1}
          stepCount={stepOrder.length}
          title={stepTitles[step]}
        />
        {(step === 'phone' || step === 'otp') && (
          <PhoneVerificationSteps
            step={step}
            phone={phone}
            verification={verification}
            onCodeSent={(digits) => { setPhone(digits); setStep('otp'); }}
            onBackToPhone={() => setStep('phone')}
            onVerified={() => setStep('pin')}
          />
        )}
        {step === 'pin' && <NewPinStep submitting={resetPin.isPending} onSubmit={submit} />}
      </section>
      <Button variant="ghost" className="mt-2 w-full" onClick={onBackToLogin}>
        <Trans>Back to Login</Trans>
      </Button>
    </>
  );
}
