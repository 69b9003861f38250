/**
 * Sending and verifying a one-time code to a phone, with the toasts of docs/product.md#messages: shared
 * by registration and the PIN reset, which differ only in the code's purpose.
 */
import { useLingui } from '@lingui/react/macro';
import { developmentOtpToastMs } from '@common/limits';
import type { OtpSendBody } from '@common/schemas/identity';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { pendingChoice } from '@/i18n/i18n';
import { toPhoneNumber } from '@/lib/format';
import { useSendOtp } from './api/send-otp';
import { useVerifyOtp } from './api/verify-otp';
import { sendOtpFailedDefault, verifyOtpFailedDefault } from './messages';

export type OtpPurpose = OtpSendBody['purpose'];

export function usePhoneVerification(purpose: OtpPurpose) {
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const { t } = useLingui();

  /** Sends a code to +91 and the 10 typed digits; `onSent` runs once it is on its way. */
  const send = (digits: string, onSent?: () => void) => {
    const phoneNumber = toPhoneNumber(digits);
    sendOtp.mutate(
      // A language picked here and not yet saved on an account is the one the SMS speaks.
      { phoneNumber, purpose, language: pendingChoice() },
      {
        onSuccess: (answer) => {
          toast({ title: t`OTP Sent`, description: t`Verification code sent to ${phoneNumber}` });
          // Only one toast shows at a time, so the development code replaces "OTP Sent".
          const code = answer?.developmentOtp;
          if (code) {
            toast({
              title: t`Development OTP`,
              description: t`Your verification code is ${code}`,
              durationMs: developmentOtpToastMs,
            });
          }
          onSent?.();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t`Failed to Send OTP`,
            description: serverMessage(error) ?? sendOtpFailedDefault(),
          });
        },
      },
    );
  };

  /** Verifies the code (the answer sets the server's proof cookie), then `onVerified`. */
  const verify = (digits: string, otp: string, onVerified: () => void) => {
    verifyOtp.mutate(
      { phoneNumber: toPhoneNumber(digits), otp, purpose },
      {
        onSuccess: () => {
          toast({ title: t`Phone Verified` });
          onVerified();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t`Invalid OTP`,
            description: serverMessage(error) ?? verifyOtpFailedDefault(),
          });
        },
      },
    );
  };

  return { send, verify, sending: sendOtp.isPending, verifying: verifyOtp.isPending };
}
