import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in';
import type { RegistrationKind } from '@/features/registration/components/registration-wizard';

// Most visits to a login screen are sign-ins, so the wizard loads only when asked for.
const RegistrationWizard = lazy(() =>
  import('@/features/registration/components/registration-wizard').then((m) => ({
    default: m.RegistrationWizard,
  })),
);

interface RegistrationPanelProps {
  kind: RegistrationKind;
  /** Back to the login mode; also called once registration has succeeded. */
  onBackToLogin: () => void;
}

/** The registration mode of a login screen: the wizard and a Back to Login button. */
export function RegistrationPanel({ kind, onBackToLogin }: RegistrationPanelProps) {
  const completeSignIn = useCompleteSignIn();
  return (
    <>
      <Suspense fallback={<Spinner className="py-10" />}>
        <RegistrationWizard
          kind={kind}
          onRegistered={async (session) => {
            onBackToLogin();
            await completeSignIn(session);
          }}
        />
      </Suspense>
      <Button variant="ghost" className="mt-2 w-full" onClick={onBackToLogin}>
        <Trans>Back to Login</Trans>
      </Button>
    </>
  );
}
