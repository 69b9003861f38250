import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PhoneNumberInput, PinInput } from '@/components/ui/digit-inputs';
import { Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { serverMessage } from '@/lib/api-client';
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
        <PhoneNumberInput id="login-phone" {...phone} />
      </div>
      <div>
        <Label htmlFor="login-pin">PIN</Label>
        <PinInput id="login-pin" autoComplete="current-password" {...pin} />
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
