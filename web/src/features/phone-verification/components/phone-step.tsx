import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PhoneNumberInput } from '@/components/ui/digit-inputs';
import { Label } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { toastFirstIssue } from '@/lib/form-issues';
import { phoneIssues } from '@/features/phone-verification/messages';
import { phoneSchema, type PhoneValues } from '@/features/phone-verification/schemas';

interface PhoneStepProps {
  defaultPhone: string;
  sending: boolean;
  onSubmit: (phone: string) => void;
}

export function PhoneStep({ defaultPhone, sending, onSubmit }: PhoneStepProps) {
  const { register, handleSubmit } = useForm<PhoneValues>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phone: defaultPhone },
  });
  const phone = register('phone');
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit((values) => onSubmit(values.phone), toastFirstIssue(phoneIssues()))}
    >
      <div>
        <Label htmlFor="registration-phone"><Trans>Mobile Number</Trans></Label>
        <PhoneNumberInput id="registration-phone" {...phone} />
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          <Trans>We will send a 6-digit verification code to this number.</Trans>
        </p>
      </div>
      <Button type="submit" size="lg" disabled={sending} aria-busy={sending}>
        <Trans>Send OTP</Trans>
      </Button>
    </form>
  );
}
