import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { CustomerLoginForm } from '../../features/auth/components/customer-login-form';
import { useCompleteSignIn } from '../../features/auth/use-complete-sign-in';
import { RegistrationWizard } from '../../features/registration/components/registration-wizard';
import { AuthLayout } from './auth-layout';

/** /cust signed out: sign in, or register inside the same screen (spec §2). */
export function CustomerLogin() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const completeSignIn = useCompleteSignIn();
  if (mode === 'register') {
    return (
      <AuthLayout title="Create your account" subtitle="Pay your merchants on credit with a scan">
        <RegistrationWizard
          kind="customer"
          onRegistered={async (session) => {
            setMode('login');
            await completeSignIn(session);
          }}
        />
        <Button variant="ghost" className="mt-2 w-full" onClick={() => setMode('login')}>
          Back to Login
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in with your mobile number and PIN">
      <CustomerLoginForm onCreateAccount={() => setMode('register')} />
    </AuthLayout>
  );
}
