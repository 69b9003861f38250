import { useState } from 'react';
import { CustomerLoginForm } from '../../features/auth/components/customer-login-form';
import { loadCustomerApp } from '../load-customer-app';
import { AuthLayout } from './auth-layout';
import { RegistrationPanel } from './registration-panel';

/** /cust signed out: sign in, or register inside the same screen (spec §2). */
export function CustomerLogin() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  if (mode === 'register') {
    return (
      <AuthLayout title="Create your account" subtitle="Pay your merchants on credit with a scan">
        <RegistrationPanel kind="customer" onBackToLogin={() => setMode('login')} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in with your mobile number and PIN">
      <CustomerLoginForm onCreateAccount={() => setMode('register')} onSignInStart={() => void loadCustomerApp()} />
    </AuthLayout>
  );
}
