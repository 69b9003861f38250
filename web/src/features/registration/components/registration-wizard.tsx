/**
 * Registration for customers and businesses (docs/product.md#sign-in-and-registration): phone → otp → details.
 * The code is sent, then verified (which sets the server's proof cookie), then the
 * registration is submitted; the parent signs the new user in.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SessionResponse } from '@common/api/types';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { toPhoneNumber } from '@/lib/format';
import { useRegisterBusiness } from '@/features/registration/api/register-business';
import { useRegisterCustomer } from '@/features/registration/api/register-customer';
import { PhoneVerificationSteps, WizardHeader, usePhoneVerification } from '@/features/phone-verification/public';
import { registrationFailedDefault } from '@/features/registration/messages';
import type { BusinessDetailsValues, CustomerDetailsValues } from '@/features/registration/schemas';
import { BusinessDetailsStep } from './business-details-step';
import { CustomerDetailsStep } from './customer-details-step';

export type RegistrationKind = 'customer' | 'business';
type Step = 'phone' | 'otp' | 'details';

const stepOrder: Step[] = ['phone', 'otp', 'details'];

interface RegistrationWizardProps {
  kind: RegistrationKind;
  onRegistered: (session: SessionResponse) => void | Promise<void>;
  /**
   * The 10 digits the phone step starts with: an invitation's link knows the number it was
   * sent to, so the invited person need not type it (docs/product.md#invitations).
   */
  initialPhone?: string;
}

export function RegistrationWizard({ kind, onRegistered, initialPhone = '' }: RegistrationWizardProps) {
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState(initialPhone);
  const verification = usePhoneVerification('registration');
  const registerCustomer = useRegisterCustomer();
  const registerBusiness = useRegisterBusiness();
  const { t } = useLingui();
  const stepTitles: Record<RegistrationKind, Record<Step, string>> = {
    customer: { phone: t`Verify your phone`, otp: t`Enter verification code`, details: t`Your details` },
    business: { phone: t`Verify your phone`, otp: t`Enter verification code`, details: t`Business details` },
  };

  const onRegistrationError = (error: Error) => {
    toast({
      variant: 'destructive',
      title: t`Registration Failed`,
      description: serverMessage(error) ?? registrationFailedDefault(),
    });
  };

  const submitCustomer = (values: CustomerDetailsValues) => {
    registerCustomer.mutate(
      { phoneNumber: toPhoneNumber(phone), name: values.name, pin: values.pin },
      {
        onSuccess: async (session) => {
          toast({ title: t`Registration Successful`, description: t`Welcome! You can now start using the product` });
          await onRegistered(session);
        },
        onError: onRegistrationError,
      },
    );
  };

  const submitBusiness = (values: BusinessDetailsValues) => {
    registerBusiness.mutate(
      {
        phoneNumber: toPhoneNumber(phone),
        name: values.name,
        businessName: values.businessName,
        businessType: values.businessType,
        email: values.email,
        address: values.address,
        pin: values.pin,
      },
      {
        onSuccess: async (session) => {
          toast({ title: t`Registration Submitted`, description: t`Your business account is pending admin approval` });
          await onRegistered(session);
        },
        onError: onRegistrationError,
      },
    );
  };

  const stepNumber = stepOrder.indexOf(step) + 1;
  return (
    <section aria-labelledby="registration-step-title">
      <WizardHeader
        titleId="registration-step-title"
        stepNumber={stepNumber}
        stepCount={stepOrder.length}
        title={stepTitles[kind][step]}
      />

      {(step === 'phone' || step === 'otp') && (
        <PhoneVerificationSteps
          step={step}
          phone={phone}
          verification={verification}
          onCodeSent={(digits) => { setPhone(digits); setStep('otp'); }}
          onBackToPhone={() => setStep('phone')}
          onVerified={() => setStep('details')}
        />
      )}
      {step === 'details' &&
        (kind === 'customer' ? (
          <CustomerDetailsStep
            submitting={registerCustomer.isPending}
            onSubmit={submitCustomer}
            onBack={() => setStep('otp')}
          />
        ) : (
          <BusinessDetailsStep
            submitting={registerBusiness.isPending}
            onSubmit={submitBusiness}
            onBack={() => setStep('otp')}
          />
        ))}
    </section>
  );
}
