import { useState } from 'react';
import { invalidCredentialsMessage } from '../../../../common/errors';
import { Button } from '../../components/ui/button';
import { useLoginBusiness } from '../../features/auth/api/login-business';
import { EmailLoginForm } from '../../features/auth/components/email-login-form';
import { AuthLayout } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

/** /merchant signed out: business sign-in, or the business registration wizard. */
export function MerchantLogin() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const login = useLoginBusiness();
  if (mode === 'register') {
    return (
      <AuthLayout title="Register your business" subtitle="Accounts are reviewed by an admin before use">
        <RegistrationPanel kind="business" onBackToLogin={() => setMode('login')} />
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
