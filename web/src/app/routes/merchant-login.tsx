import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginFailedDefaults } from '@/features/auth/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLoginBusiness } from '@/features/auth/api/login-business';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { AuthLayout } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

// Forgetting a PIN is rare: the reset wizard loads only when asked for.
const PinResetWizard = lazy(() =>
  import('@/features/pin-reset/components/pin-reset-wizard').then((m) => ({ default: m.PinResetWizard })),
);

/** /merchant signed out: business sign-in, or the business registration wizard. */
export function MerchantLogin() {
  const [mode, setMode] = useState<'login' | 'register' | 'reset'>('login');
  const login = useLoginBusiness();
  const { t } = useLingui();
  if (mode === 'reset') {
    return (
      <AuthLayout title={t`Reset your PIN`} subtitle={t`We will send a code to your business's registered mobile number`}>
        <Suspense fallback={<Spinner className="py-10" />}>
          <PinResetWizard role="business" onBackToLogin={() => setMode('login')} />
        </Suspense>
      </AuthLayout>
    );
  }
  if (mode === 'register') {
    return (
      <AuthLayout title={t`Register your business`} subtitle={t`Accounts are reviewed by an admin before use`}>
        <RegistrationPanel kind="business" onBackToLogin={() => setMode('login')} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t`Merchant sign in`} subtitle={t`Sign in with your business email and PIN`}>
      <EmailLoginForm
        idPrefix="business"
        emailLabel={t`Business Email`}
        login={login}
        failedDefault={loginFailedDefaults().business}
      >
        <Button variant="secondary" size="lg" onClick={() => setMode('register')}>
          <Trans>Register Your Business</Trans>
        </Button>
      </EmailLoginForm>
      <Button variant="link" className="mt-3 w-full" onClick={() => setMode('reset')}>
        <Trans>Forgot PIN?</Trans>
      </Button>
    </AuthLayout>
  );
}
