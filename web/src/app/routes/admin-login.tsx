import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { loginFailedDefaults } from '@/features/auth/messages';
import { useLoginAdmin } from '@/features/auth/api/login-admin';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { AuthLayout, authLinkClasses } from './auth-layout';

/** /admin signed out. */
export function AdminLogin() {
  const login = useLoginAdmin();
  const { t } = useLingui();
  return (
    <AuthLayout
      title={t`Admin sign in`}
      subtitle={t`Review and approve merchant applications`}
      otherSignIns={
        <div className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link href="/cust" className={authLinkClasses}>
            <Trans>Customer Login</Trans>
          </Link>
          <Link href="/merchant" className={authLinkClasses}>
            <Trans>Merchant Login</Trans>
          </Link>
        </div>
      }
    >
      <EmailLoginForm
        idPrefix="admin"
        emailLabel={t`Admin Email`}
        login={login}
        failedDefault={loginFailedDefaults().admin}
      />
    </AuthLayout>
  );
}
