import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CustomerLoginForm } from '@/features/auth/components/customer-login-form';
import { loadCustomerApp } from '@/app/load-customer-app';
import { WithQueryClient } from '@/lib/with-query-client';
import { AuthLayout } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

// Forgetting a PIN is rare: the reset wizard loads only when asked for.
const PinResetWizard = lazy(() =>
  import('@/features/pin-reset/components/pin-reset-wizard').then((m) => ({ default: m.PinResetWizard })),
);

/** /cust signed out: sign in, or register inside the same screen (spec §2). */
export function CustomerLogin() {
  const [mode, setMode] = useState<'login' | 'register' | 'reset'>('login');
  if (mode === 'reset') {
    return (
      <AuthLayout title="Reset your PIN" subtitle="We will send a code to your registered mobile number">
        <WithQueryClient>
          <Suspense fallback={<Spinner className="py-10" />}>
            <PinResetWizard role="customer" onBackToLogin={() => setMode('login')} />
          </Suspense>
        </WithQueryClient>
      </AuthLayout>
    );
  }
  if (mode === 'register') {
    return (
      <AuthLayout title="Create your account" subtitle="Pay your merchants on credit with a scan">
        <WithQueryClient>
          <RegistrationPanel kind="customer" onBackToLogin={() => setMode('login')} />
        </WithQueryClient>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in with your mobile number and PIN">
      <CustomerLoginForm onCreateAccount={() => setMode('register')} onSignInStart={() => void loadCustomerApp()} />
      <Button variant="link" className="mt-3 w-full" onClick={() => setMode('reset')}>
        Forgot PIN?
      </Button>
    </AuthLayout>
  );
}
