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
        // Links of their own, not inside a sentence: each is padded to a 24-pixel tall target.
        <div className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link href="/cust" className={`${authLinkClasses} py-1`}>
            <Trans>Customer Login</Trans>
          </Link>
          <Link href="/merchant" className={`${authLinkClasses} py-1`}>
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
