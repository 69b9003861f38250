import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { otpDigits } from '@common/limits';
import { Input, Label } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { digitsOnChange } from '@/lib/digits';
import { toPhoneNumber } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { otpIssues } from '@/features/phone-verification/messages';
import { otpSchema, type OtpValues } from '@/features/phone-verification/schemas';

interface OtpStepProps {
  phone: string;
  verifying: boolean;
  resending: boolean;
  onSubmit: (otp: string) => void;
  onResend: () => void;
  onBack: () => void;
}

export function OtpStep({ phone, verifying, resending, onSubmit, onResend, onBack }: OtpStepProps) {
  const { register, handleSubmit } = useForm<OtpValues>({
    resolver: zodResolver(otpSchema),
    defaultValues: { otp: '' },
  });
  const otp = register('otp');
  const phoneNumber = toPhoneNumber(phone);
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit((values) => onSubmit(values.otp), toastFirstIssue(otpIssues()))}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>Enter the code sent to <span className="font-semibold text-slate-900 dark:text-slate-100">{phoneNumber}</span></Trans>
      </p>
      <div>
        <Label htmlFor="registration-otp"><Trans>OTP</Trans></Label>
        <Input
          id="registration-otp"
          autoFocus
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="••••••"
          maxLength={otpDigits}
          className="text-center text-xl tracking-[0.5em]"
          {...otp}
          onChange={digitsOnChange(otpDigits, otp.onChange)}
        />
      </div>
      <Button type="submit" size="lg" disabled={verifying} aria-busy={verifying}>
        <Trans>Verify OTP</Trans>
      </Button>
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" className="whitespace-nowrap" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button variant="link" className="whitespace-nowrap" onClick={onResend} disabled={resending} aria-busy={resending}>
          <Trans>Resend OTP</Trans>
        </Button>
      </div>
    </form>
  );
}
