import { Link } from 'wouter';
import { invalidCredentialsMessage } from '@common/errors';
import { useLoginAdmin } from '@/features/auth/api/login-admin';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { AuthLayout } from './auth-layout';

const linkClasses = 'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-500';

/** /admin signed out. */
export function AdminLogin() {
  const login = useLoginAdmin();
  return (
    <AuthLayout title="Admin sign in" subtitle="Review and approve merchant applications">
      <EmailLoginForm
        idPrefix="admin"
        emailLabel="Admin Email"
        login={login}
        failedDefault={invalidCredentialsMessage.admin}
      />
      <nav aria-label="Other logins" className="mt-5 flex justify-center gap-6 text-sm">
        <Link href="/cust" className={linkClasses}>
          Customer Login
        </Link>
        <Link href="/merchant" className={linkClasses}>
          Merchant Login
        </Link>
      </nav>
    </AuthLayout>
  );
}
