import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionResponse } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { PhoneNumberInput, PinInput } from '@/components/ui/digit-inputs';
import { Label } from '@/components/ui/input';
import { toast } from '@/lib/toast-store';
import { serverMessage } from '@/lib/api-client';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';

/**
 * The checks (zod, the schema, the texts) and the sign-in call load when the form is first
 * touched, so they arrive while the person types; a submit before that waits for them. The first screen
 * most people see carries no form library: two uncontrolled fields are read on submit.
 */
type Checks = typeof import('@/features/auth/customer-login-checks');
let checks: Promise<Checks> | null = null;
const loadChecks = () => {
  checks ??= import('@/features/auth/customer-login-checks').catch((error: unknown) => {
    // Offline: the next attempt loads it again.
    checks = null;
    throw error;
  });
  return checks;
};
const preloadChecks = () => void loadChecks().catch(() => {});

interface CustomerLoginFormProps {
  onCreateAccount: () => void;
  /** Called as the sign-in request goes out (the app starts loading what comes next). */
  onSignInStart?: () => void;
}

export function CustomerLoginForm({ onCreateAccount, onSignInStart }: CustomerLoginFormProps) {
  // Plain state, not a mutation hook: the signed-out /cust has no query layer (app/boot.tsx).
  const [isPending, setPending] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const { t } = useLingui();
  const phone = useRef<HTMLInputElement>(null);
  const pin = useRef<HTMLInputElement>(null);

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { checkCustomerLogin, loginFailedDefault, signIn } = await loadChecks();
    const checked = checkCustomerLogin({ phone: phone.current?.value ?? '', pin: pin.current?.value ?? '' });
    if ('values' in checked) return submit(signIn(checked.values), loginFailedDefault());
    ({ phone, pin })[checked.field].current?.focus();
    if (checked.toast) toast({ variant: 'destructive', ...checked.toast });
  };

  const submit = (signingIn: Promise<SessionResponse>, loginFailedDefault: string) => {
    onSignInStart?.();
    setPending(true);
    signingIn
      .finally(() => setPending(false))
      .then(completeSignIn, (error: unknown) =>
        toast({
          variant: 'destructive',
          title: t`Login Failed`,
          description: serverMessage(error) ?? loginFailedDefault,
        }),
      );
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => void check(event)}
      onFocus={preloadChecks}
      onPointerDown={preloadChecks}
    >
      <div>
        <Label htmlFor="login-phone"><Trans>Mobile Number</Trans></Label>
        <PhoneNumberInput id="login-phone" name="phone" ref={phone} />
      </div>
      <div>
        <Label htmlFor="login-pin"><Trans>PIN</Trans></Label>
        <PinInput id="login-pin" name="pin" autoComplete="current-password" ref={pin} />
      </div>
      <Button type="submit" size="lg" disabled={isPending} aria-busy={isPending}>
        <Trans>Sign In</Trans>
      </Button>
      <Button variant="secondary" size="lg" onClick={onCreateAccount}>
        <Trans>Create New Account</Trans>
      </Button>
    </form>
  );
}
