import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';
import { StaffJoinWizard } from '@/features/staff-join/public';
import { AuthLayout } from './auth-layout';

/**
 * /merchant/join, the link of a shop's staff invitation SMS: the invited person verifies
 * their phone, accepts (or declines) and is signed in to that shop's app.
 */
export function MerchantJoin() {
  const { t } = useLingui();
  const completeSignIn = useCompleteSignIn();
  return (
    <AuthLayout title={t`Join a shop`} subtitle={t`Accept a shop's invitation to work on its Khata`}>
      <StaffJoinWizard onJoined={completeSignIn} />
      <Link
        href="/merchant"
        className="mt-3 flex h-10 items-center justify-center rounded-xl text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-500"
      >
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthLayout>
  );
}
