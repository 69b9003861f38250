import { lazy, Suspense, useContext, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CustomerLoginForm } from '@/features/auth/components/customer-login-form';
import { HandOverToApp } from '@/features/auth/use-complete-sign-in';
import { loadCustomerApp } from '@/app/load-customer-app';
import { WithQueryClient } from '@/app/with-query-client';
import { AppTexts } from '@/i18n/app-texts';
import { adminLinkClasses, AuthLayout, authLinkClasses } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

// Forgetting a PIN is rare: the reset wizard loads only when asked for.
const PinResetWizard = lazy(() =>
  import('@/features/pin-reset/components/pin-reset-wizard').then((m) => ({ default: m.PinResetWizard })),
);

/** /cust signed out: sign in, or register inside the same screen. */
export function CustomerLogin() {
  const [mode, setMode] = useState<'login' | 'register' | 'reset'>('login');
  const { t } = useLingui();
  // Signed out, /cust stands alone (app/boot.tsx): going to another sign-in hands over to
  // the whole app first, as a sign-in does; inside the whole app this does nothing.
  const handOver = useContext(HandOverToApp);
  if (mode === 'reset') {
    return (
      <AuthLayout title={t`Reset your PIN`} subtitle={t`We will send a code to your registered mobile number`}>
        <WithQueryClient>
          <Suspense fallback={<Spinner className="py-10" />}>
            <AppTexts>
              <PinResetWizard role="customer" onBackToLogin={() => setMode('login')} />
            </AppTexts>
          </Suspense>
        </WithQueryClient>
      </AuthLayout>
    );
  }
  if (mode === 'register') {
    return (
      <AuthLayout title={t`Create your account`} subtitle={t`Pay your merchants on credit with a scan`}>
        <WithQueryClient>
          {/* Registration and PIN reset read the `app` part of the texts (lingui.config.ts). */}
          <Suspense fallback={<Spinner className="py-10" />}>
            <AppTexts>
              <RegistrationPanel kind="customer" onBackToLogin={() => setMode('login')} />
            </AppTexts>
          </Suspense>
        </WithQueryClient>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t`Welcome back`}
      subtitle={t`Sign in with your mobile number and PIN`}
      otherSignIns={
        <>
          <p>
            <Trans>
              Are you a shop?{' '}
              <Link href="/merchant?register" onClick={handOver} className={authLinkClasses}>Register your shop</Link>{' '}
              or <Link href="/merchant" onClick={handOver} className={authLinkClasses}>sign in to your shop</Link>
            </Trans>
          </p>
          <Link href="/admin" onClick={handOver} className={adminLinkClasses}>
            <Trans>Admin sign in</Trans>
          </Link>
        </>
      }
    >
      <CustomerLoginForm onCreateAccount={() => setMode('register')} onSignInStart={() => void loadCustomerApp()} />
      <Button variant="link" className="mt-3 w-full" onClick={() => setMode('reset')}>
        <Trans>Forgot PIN?</Trans>
      </Button>
    </AuthLayout>
  );
}
