import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { loginFailedDefaults } from '@/features/auth/messages';
import { useLoginAdmin } from '@/features/auth/api/login-admin';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { AuthLayout } from './auth-layout';

const linkClasses = 'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-500';

/** /admin signed out. */
export function AdminLogin() {
  const login = useLoginAdmin();
  const { t } = useLingui();
  return (
    <AuthLayout title={t`Admin sign in`} subtitle={t`Review and approve merchant applications`}>
      <EmailLoginForm
        idPrefix="admin"
        emailLabel={t`Admin Email`}
        login={login}
        failedDefault={loginFailedDefaults().admin}
      />
      <nav aria-label={t`Other logins`} className="mt-5 flex justify-center gap-6 text-sm">
        <Link href="/cust" className={linkClasses}>
          <Trans>Customer Login</Trans>
        </Link>
        <Link href="/merchant" className={linkClasses}>
          <Trans>Merchant Login</Trans>
        </Link>
      </nav>
    </AuthLayout>
  );
}
