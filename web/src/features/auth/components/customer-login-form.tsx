import { useForm } from 'react-hook-form';
import { countryCode, phoneDigits, pinDigits } from '@common/limits';
import { Button } from '@/components/ui/button';
import { AffixInput, Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { serverMessage } from '@/lib/api-client';
import { digitsOnChange } from '@/lib/digits';
import { toPhoneNumber } from '@/lib/format';
import { toastFirstIssue } from '@/lib/form-issues';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLoginCustomer } from '@/features/auth/api/login-customer';
import { customerLoginIssues, loginFailedDefaults } from '@/features/auth/messages';
import type { CustomerLoginValues } from '@/features/auth/schemas';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';

// zod and the schema stay out of the first download (lib/lazy-resolver.ts).
const validation = lazyResolver<CustomerLoginValues>(() =>
  import('@/features/auth/customer-login-resolver').then((m) => m.customerLoginResolver),
);

interface CustomerLoginFormProps {
  onCreateAccount: () => void;
  /** Called as the sign-in request goes out (the app starts loading what comes next). */
  onSignInStart?: () => void;
}

export function CustomerLoginForm({ onCreateAccount, onSignInStart }: CustomerLoginFormProps) {
  const login = useLoginCustomer();
  const completeSignIn = useCompleteSignIn();
  const { register, handleSubmit } = useForm<CustomerLoginValues>({
    resolver: validation.resolver,
    defaultValues: { phone: '', pin: '' },
  });
  const phone = register('phone');
  const pin = register('pin');

  const submit = (values: CustomerLoginValues) => {
    onSignInStart?.();
    login.mutate(
      { phoneNumber: toPhoneNumber(values.phone), pin: values.pin },
      {
        onSuccess: completeSignIn,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Login Failed',
            description: serverMessage(error) ?? loginFailedDefaults.customer,
          }),
      },
    );
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(submit, toastFirstIssue(customerLoginIssues))}
      onFocus={validation.preload}
      onPointerDown={validation.preload}
    >
      <div>
        <Label htmlFor="login-phone">Mobile Number</Label>
        <AffixInput
          id="login-phone"
          prefix={countryCode}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="98765 43210"
          maxLength={phoneDigits}
          {...phone}
          onChange={digitsOnChange(phoneDigits, phone.onChange)}
        />
      </div>
      <div>
        <Label htmlFor="login-pin">PIN</Label>
        <Input
          id="login-pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          placeholder="••••"
          maxLength={pinDigits}
          className="tracking-[0.3em]"
          {...pin}
          onChange={digitsOnChange(pinDigits, pin.onChange)}
        />
      </div>
      <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
        Sign In
      </Button>
      <Button variant="secondary" size="lg" onClick={onCreateAccount}>
        Create New Account
      </Button>
    </form>
  );
}
