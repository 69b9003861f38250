import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { PhoneNumberInput, PinInput } from '@/components/ui/digit-inputs';
import { Label } from '@/components/ui/input';
import { serverMessage } from '@/lib/api-client';
import { toPhoneNumber } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useLoginStaff } from '@/features/auth/api/login-staff';
import { customerLoginIssues, loginFailedDefaults } from '@/features/auth/messages';
import { customerLoginSchema, type CustomerLoginValues } from '@/features/auth/schemas';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';

/**
 * The merchant sign-in's Staff option: a person working at a shop signs in with the phone
 * they were invited on and their own PIN, checked as the customers' sign-in checks them.
 */
export function StaffLoginForm() {
  const login = useLoginStaff();
  const completeSignIn = useCompleteSignIn();
  const { t } = useLingui();
  const { register, handleSubmit } = useForm<CustomerLoginValues>({
    resolver: zodResolver(customerLoginSchema),
    defaultValues: { phone: '', pin: '' },
  });

  const submit = (values: CustomerLoginValues) =>
    login.mutate(
      { phoneNumber: toPhoneNumber(values.phone), pin: values.pin },
      {
        onSuccess: completeSignIn,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t`Login Failed`,
            // The server answers a staff account's wrong phone or PIN as a customer's.
            description: serverMessage(error) ?? loginFailedDefaults().customer,
          }),
      },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(customerLoginIssues()))}>
      <div>
        <Label htmlFor="staff-phone"><Trans>Mobile Number</Trans></Label>
        <PhoneNumberInput id="staff-phone" {...register('phone')} />
      </div>
      <div>
        <Label htmlFor="staff-pin"><Trans>PIN</Trans></Label>
        <PinInput id="staff-pin" autoComplete="current-password" {...register('pin')} />
      </div>
      <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
        <Trans>Sign In</Trans>
      </Button>
    </form>
  );
}
