import type { usePhoneVerification } from '@/features/phone-verification/use-phone-verification';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';

interface PhoneVerificationStepsProps {
  step: 'phone' | 'otp';
  /** The 10 digits typed so far ('' at first). */
  phone: string;
  verification: ReturnType<typeof usePhoneVerification>;
  /** The code was sent to these digits: the wizard moves to its OTP step. */
  onCodeSent(digits: string): void;
  onBackToPhone(): void;
  /** The code was right: the wizard moves past verification. */
  onVerified(): void;
}

/** The phone and OTP steps that registration and PIN reset both begin with. */
export function PhoneVerificationSteps({ step, phone, verification, onCodeSent, onBackToPhone, onVerified }: PhoneVerificationStepsProps) {
  if (step === 'phone') {
    return (
      <PhoneStep
        defaultPhone={phone}
        sending={verification.sending}
        onSubmit={(digits) => verification.send(digits, () => onCodeSent(digits))}
      />
    );
  }
  return (
    <OtpStep
      phone={phone}
      verifying={verification.verifying}
      resending={verification.sending}
      onSubmit={(otp) => verification.verify(phone, otp, onVerified)}
      onResend={() => verification.send(phone)}
      onBack={onBackToPhone}
    />
  );
}
