/**
 * "Create my Khata" on an invitation's link: registration with the invited number filled
 * in, then the invitation accepted with the new session, and the new account opened
 * (docs/product.md#invitations). Should the accept be refused (the number was changed in the
 * wizard, or the shop withdrew the offer meanwhile), the customer is still registered and
 * signed in: the refusal is said and the home opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { SessionResponse } from '@common/api/types';
import { countryCode } from '@common/limits';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { setSessionToken } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { currentUserQueryKey } from '@/features/auth/api/fetch-current-user';
import { useAcceptInvitation } from '@/features/invitation-offers/api/answer-invitation';
import type { InvitationLink } from '../api/get-invitation-link';
import { InvitationFrame } from './invitation-frame';

// The wizard (its forms and checks) loads only when asked for.
const RegistrationWizard = lazy(() => import('@/features/registration/public').then((m) => ({ default: m.RegistrationWizard })));

interface RegisterAndAcceptProps {
  invitation: InvitationLink;
  /** The offer's words, above the wizard. */
  title: ReactNode;
  onBack: () => void;
  /** Registered and accepted: the app opens the new account. */
  onAccepted: (businessId: string) => void;
}

/** The 10 digits after +91 of the invited number; nothing for a number of another form. */
const localDigits = (phoneNumber: string): string =>
  phoneNumber.startsWith(countryCode) ? phoneNumber.slice(countryCode.length) : '';

export function RegisterAndAccept({ invitation, title, onBack, onAccepted }: RegisterAndAcceptProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const shop = invitation.businessName;

  const registered = async (session: SessionResponse) => {
    setSessionToken(session.sessionToken);
    let businessId: string | null = null;
    try {
      ({ creditAccount: { businessId } } = await accept.mutateAsync(invitation.id));
      toast({ title: t`Account opened with ${shop}` });
    } catch (error) {
      toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? t`Please try again` });
    }
    // As every sign-in does: the app asks who is signed in, then shows their screen.
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
    if (businessId === null) navigate('/', { replace: true });
    else onAccepted(businessId);
  };

  return (
    <InvitationFrame>
      <h1 className="text-lg font-semibold">{title}</h1>
      <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <Suspense fallback={<Spinner className="py-10" />}>
          <RegistrationWizard kind="customer" initialPhone={localDigits(invitation.phoneNumber)} onRegistered={registered} />
        </Suspense>
        <Button variant="ghost" className="mt-2 w-full" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </InvitationFrame>
  );
}
