import { useState } from 'react';
import { invalidCredentialsMessage } from '../../../../common/errors';
import { Button } from '../../components/ui/button';
import { useLoginBusiness } from '../../features/auth/api/login-business';
import { EmailLoginForm } from '../../features/auth/components/email-login-form';
import { useCompleteSignIn } from '../../features/auth/use-complete-sign-in';
import { RegistrationWizard } from '../../features/registration/components/registration-wizard';
import { AuthLayout } from './auth-layout';

/** /merchant signed out: business sign-in, or the business registration wizard. */
export function MerchantLogin() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const login = useLoginBusiness();
  const completeSignIn = useCompleteSignIn();
  if (mode === 'register') {
    return (
      <AuthLayout title="Register your business" subtitle="Accounts are reviewed by an admin before use">
        <RegistrationWizard
          kind="business"
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
    <AuthLayout title="Merchant sign in" subtitle="Sign in with your business email and PIN">
      <EmailLoginForm
        idPrefix="business"
        emailLabel="Business Email"
        login={login}
        failedDefault={invalidCredentialsMessage.business}
      >
        <Button variant="secondary" size="lg" onClick={() => setMode('register')}>
          Register Your Business
        </Button>
      </EmailLoginForm>
    </AuthLayout>
  );
}
