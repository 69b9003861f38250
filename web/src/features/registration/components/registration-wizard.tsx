/**
 * Registration for customers and businesses (spec §2, §4): phone → otp → details.
 * The code is sent, then verified (which sets the server's proof cookie), then the
 * registration is submitted; the parent signs the new user in.
 */
import { useState } from 'react';
import type { SessionResponse } from '../../../../../common/api-types';
import { developmentOtpToastMs } from '../../../../../common/limits';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api-client';
import { toPhoneNumber } from '../../../lib/format';
import { useRegisterBusiness } from '../api/register-business';
import { useRegisterCustomer } from '../api/register-customer';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { defaults } from '../messages';
import type { BusinessDetailsValues, CustomerDetailsValues } from '../schemas';
import { BusinessDetailsStep } from './business-details-step';
import { CustomerDetailsStep } from './customer-details-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';

export type RegistrationKind = 'customer' | 'business';
type Step = 'phone' | 'otp' | 'details';

const stepTitles: Record<RegistrationKind, Record<Step, string>> = {
  customer: { phone: 'Verify your phone', otp: 'Enter verification code', details: 'Your details' },
  business: { phone: 'Verify your phone', otp: 'Enter verification code', details: 'Business details' },
};
const stepOrder: Step[] = ['phone', 'otp', 'details'];

interface RegistrationWizardProps {
  kind: RegistrationKind;
  onRegistered: (session: SessionResponse) => void | Promise<void>;
}

export function RegistrationWizard({ kind, onRegistered }: RegistrationWizardProps) {
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const registerCustomer = useRegisterCustomer();
  const registerBusiness = useRegisterBusiness();

  const send = (digits: string, onSent?: () => void) => {
    const phoneNumber = toPhoneNumber(digits);
    sendOtp.mutate(
      { phoneNumber, purpose: 'registration' },
      {
        onSuccess: (answer) => {
          toast({ title: 'OTP Sent', description: `Verification code sent to ${phoneNumber}` });
          // Only one toast shows at a time, so the development code replaces "OTP Sent".
          if (answer?.developmentOtp) {
            toast({
              title: 'Development OTP',
              description: `Your verification code is ${answer.developmentOtp}`,
              durationMs: developmentOtpToastMs,
            });
          }
          onSent?.();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Failed to Send OTP',
            description: serverMessage(error) ?? defaults.sendOtpFailed,
          });
        },
      },
    );
  };

  const verify = (otp: string) => {
    verifyOtp.mutate(
      { phoneNumber: toPhoneNumber(phone), otp, purpose: 'registration' },
      {
        onSuccess: () => {
          toast({ title: 'Phone Verified' });
          setStep('details');
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Invalid OTP',
            description: serverMessage(error) ?? defaults.verifyOtpFailed,
          });
        },
      },
    );
  };

  const onRegistrationError = (error: Error) => {
    toast({
      variant: 'destructive',
      title: 'Registration Failed',
      description: serverMessage(error) ?? defaults.registrationFailed,
    });
  };

  const submitCustomer = (values: CustomerDetailsValues) => {
    registerCustomer.mutate(
      { phoneNumber: toPhoneNumber(phone), name: values.name, pin: values.pin },
      {
        onSuccess: async (session) => {
          toast({ title: 'Registration Successful', description: 'Welcome! You can now start using the product' });
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
          toast({ title: 'Registration Submitted', description: 'Your business account is pending admin approval' });
          await onRegistered(session);
        },
        onError: onRegistrationError,
      },
    );
  };

  const stepNumber = stepOrder.indexOf(step) + 1;
  return (
    <section aria-labelledby="registration-step-title">
      <div className="mb-5">
        <div className="mb-3 flex gap-1.5" aria-hidden="true">
          {stepOrder.map((s, index) => (
            <span
              key={s}
              className={`h-1.5 flex-1 rounded-full ${index < stepNumber ? 'bg-brand-600' : 'bg-slate-200 dark:bg-slate-700'}`}
            />
          ))}
        </div>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Step {stepNumber} of {stepOrder.length}
        </p>
        <h2 id="registration-step-title" className="mt-1 text-xl font-semibold">
          {stepTitles[kind][step]}
        </h2>
      </div>

      {step === 'phone' && (
        <PhoneStep
          defaultPhone={phone}
          sending={sendOtp.isPending}
          onSubmit={(digits) =>
            send(digits, () => {
              setPhone(digits);
              setStep('otp');
            })
          }
        />
      )}
      {step === 'otp' && (
        <OtpStep
          phone={phone}
          verifying={verifyOtp.isPending}
          resending={sendOtp.isPending}
          onSubmit={verify}
          onResend={() => send(phone)}
          onBack={() => setStep('phone')}
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
