import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { loginFailedDefaults } from '@/features/auth/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLoginBusiness } from '@/features/auth/api/login-business';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { StaffLoginForm } from '@/features/auth/components/staff-login-form';
import { adminLinkClasses, AuthLayout, authLinkClasses } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

// Forgetting a PIN is rare: the reset wizard loads only when asked for.
const PinResetWizard = lazy(() =>
  import('@/features/pin-reset/components/pin-reset-wizard').then((m) => ({ default: m.PinResetWizard })),
);

/** Who signs in here: the shop's business account by e-mail, or a person working at a shop by phone. */
type Who = 'business' | 'staff';

/**
 * /merchant signed out: the business account's sign-in, the Staff option beside it, the
 * business registration wizard, and the way to a staff invitation (/merchant/join).
 */
export function MerchantLogin() {
  // /merchant?register, the customers' sign-in's "Register your shop", opens the registration.
  // Read from the address itself: wouter's useSearch would join /cust's first download.
  const [registerAsked] = useState(() => new URLSearchParams(window.location.search).has('register'));
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<'login' | 'register' | 'reset'>(registerAsked ? 'register' : 'login');
  const [who, setWho] = useState<Who>('business');
  const login = useLoginBusiness();
  const { t } = useLingui();
  if (mode === 'reset') {
    return (
      <AuthLayout
        title={t`Reset your PIN`}
        subtitle={who === 'staff'
          ? t`We will send a code to the mobile number you sign in with`
          : t`We will send a code to your business's registered mobile number`}
      >
        <Suspense fallback={<Spinner className="py-10" />}>
          <PinResetWizard role={who} onBackToLogin={() => setMode('login')} />
        </Suspense>
      </AuthLayout>
    );
  }
  if (mode === 'register') {
    return (
      <AuthLayout title={t`Register your business`} subtitle={t`Accounts are reviewed by an admin before use`}>
        <RegistrationPanel
          kind="business"
          onBackToLogin={() => {
            setMode('login');
            // Back on the sign-in, a reload stays there.
            if (registerAsked) navigate('/merchant', { replace: true });
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t`Merchant sign in`}
      subtitle={who === 'staff' ? t`Sign in with your mobile number and PIN` : t`Sign in with your business email and PIN`}
      otherSignIns={
        <>
          <p>
            <Trans>
              Shopping on credit? <Link href="/cust" className={authLinkClasses}>Customer sign in</Link>
            </Trans>
          </p>
          <Link href="/admin" className={adminLinkClasses}>
            <Trans>Admin sign in</Trans>
          </Link>
        </>
      }
    >
      <Tabs value={who} onValueChange={(value) => setWho(value as Who)}>
        <TabsList aria-label={t`Who is signing in`}>
          <TabsTrigger value="business"><Trans>Business</Trans></TabsTrigger>
          <TabsTrigger value="staff"><Trans>Staff</Trans></TabsTrigger>
        </TabsList>
        <TabsContent value="business">
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
        </TabsContent>
        <TabsContent value="staff">
          <StaffLoginForm />
        </TabsContent>
      </Tabs>
      <Button variant="link" className="mt-3 w-full" onClick={() => setMode('reset')}>
        <Trans>Forgot PIN?</Trans>
      </Button>
      <p className="mt-1 text-center text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Invited to work at a shop?{' '}
          <Link href="/merchant/join" className={authLinkClasses}>
            Accept your invitation
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
