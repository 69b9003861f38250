/**
 * An invitation SMS's link, `/i/<code>` (docs/product.md#invitations): what the shop offers
 * and to whom, and where it stands. Signed in with the invited number: Accept (the account
 * opens) or Decline. Signed out: "Create my Khata" registers with the number filled in and
 * accepts once registered; "I already have Khata" signs in and comes back here to accept.
 * Whoever holds the link may say "I don't want this", and the shop can never invite the
 * number again. The app loads this page only at such a link.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { UserView } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { errorStatus, serverMessage } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useAcceptInvitation, useDeclineInvitation } from '@/features/invitation-offers/api/answer-invitation';
import { useInvitationLink, type InvitationLink } from '../api/get-invitation-link';
import { rememberInvitationCode } from '../invitation-link';
import { InvitationFrame } from './invitation-frame';
import { RegisterAndAccept } from './register-and-accept';

// Asked for by few: the dialog (and the dialog library) loads on the first tap.
const RefuseDialog = lazy(() => import('./refuse-dialog').then((m) => ({ default: m.RefuseDialog })));

interface InvitationLinkPageProps {
  code: string;
  /** The signed-in customer; null for a visitor who is signed out. */
  user: UserView | null;
  /** The invitation was accepted and its account opened at this shop: the app shows it. */
  onAccepted: (businessId: string) => void;
}

export function InvitationLinkPage({ code, user, onAccepted }: InvitationLinkPageProps) {
  const { t } = useLingui();
  const link = useInvitationLink(code);
  const [refused, setRefused] = useState(false);
  const [registering, setRegistering] = useState(false);
  if (link.isPending) return <FullPageSpinner />;
  if (link.isError) return <LinkFailed error={link.error} signedIn={user !== null} onRetry={() => void link.refetch()} />;

  const invitation = link.data;
  const shop = invitation.businessName;
  const name = invitation.name;
  const limit = formatWireRupees(invitation.creditLimit);
  const offer = t`${shop} offers ${name} a Khata credit account with a limit of ${limit}`;
  if (refused) {
    return (
      <InvitationFrame>
        <RefusedHeading text={t`Done. ${shop} cannot invite you again.`} />
        <LeaveButton signedIn={user !== null} />
      </InvitationFrame>
    );
  }
  if (registering) {
    return <RegisterAndAccept invitation={invitation} title={offer} onBack={() => setRegistering(false)} onAccepted={onAccepted} />;
  }
  return (
    <InvitationFrame>
      <h1 className="text-lg font-semibold">{offer}</h1>
      <Answers
        code={code}
        invitation={invitation}
        user={user}
        onRegister={() => setRegistering(true)}
        onAccepted={onAccepted}
        onChanged={() => void link.refetch()}
      />
      <RefuseButton code={code} invitation={invitation} onRefused={() => setRefused(true)} />
    </InvitationFrame>
  );
}

interface AnswersProps {
  code: string;
  invitation: InvitationLink;
  user: UserView | null;
  onRegister: () => void;
  onAccepted: (businessId: string) => void;
  /** The invitation's state changed (declined here, or found answered): ask again. */
  onChanged: () => void;
}

/** What the visitor may do about the offer, by where it stands and who is signed in. */
function Answers({ code, invitation, user, onRegister, onAccepted, onChanged }: AnswersProps) {
  const [, navigate] = useLocation();
  if (invitation.status !== 'pending') {
    return (
      <>
        <StatusNote status={invitation.status} />
        <LeaveButton signedIn={user !== null} />
      </>
    );
  }
  if (!user) {
    const signIn = () => {
      rememberInvitationCode(code);
      navigate('/cust');
    };
    return (
      <div className="space-y-3">
        <Button size="lg" onClick={onRegister}>
          <Trans>Create my Khata</Trans>
        </Button>
        <Button variant="secondary" size="lg" onClick={signIn}>
          <Trans>I already have Khata</Trans>
        </Button>
      </div>
    );
  }
  if (user.phone !== invitation.phoneNumber) {
    return (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>This invitation is for another mobile number.</Trans>
        </p>
        <LeaveButton signedIn />
      </>
    );
  }
  return <AcceptOrDecline invitation={invitation} onAccepted={onAccepted} onChanged={onChanged} />;
}

interface AcceptOrDeclineProps {
  invitation: InvitationLink;
  onAccepted: (businessId: string) => void;
  onChanged: () => void;
}

function AcceptOrDecline({ invitation, onAccepted, onChanged }: AcceptOrDeclineProps) {
  const { t } = useLingui();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const shop = invitation.businessName;
  const failed = (error: unknown) => {
    toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? t`Please try again` });
    onChanged();
  };
  const onAccept = () =>
    accept.mutate(invitation.id, {
      onSuccess: ({ creditAccount }) => {
        toast({ title: t`Account opened with ${shop}` });
        onAccepted(creditAccount.businessId);
      },
      onError: failed,
    });
  const onDecline = () => decline.mutate(invitation.id, { onSuccess: onChanged, onError: failed });
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button size="lg" disabled={busy} aria-busy={accept.isPending} onClick={onAccept}>
        <Trans>Accept</Trans>
      </Button>
      <Button variant="secondary" size="lg" disabled={busy} aria-busy={decline.isPending} onClick={onDecline}>
        <Trans>Decline</Trans>
      </Button>
    </div>
  );
}

/** Where an invitation no longer open stands. */
function StatusNote({ status }: { status: Exclude<InvitationLink['status'], 'pending'> }) {
  const { t } = useLingui();
  const notes: Record<typeof status, string> = {
    expired: t`This invitation has expired`,
    cancelled: t`This invitation was cancelled`,
    accepted: t`You accepted this invitation`,
    declined: t`You declined this invitation`,
  };
  return <p className="font-medium text-slate-700 dark:text-slate-200">{notes[status]}</p>;
}

/**
 * "I don't want this", and its confirmation. Not once the invitation was accepted or
 * withdrawn: the server refuses it then, and there is nothing left to stop.
 */
function RefuseButton({ code, invitation, onRefused }: { code: string; invitation: InvitationLink; onRefused: () => void }) {
  const [open, setOpen] = useState(false);
  if (invitation.status === 'accepted' || invitation.status === 'cancelled') return null;
  return (
    <>
      <Button variant="link" className="self-center" onClick={() => setOpen(true)}>
        <Trans>I don't want this</Trans>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RefuseDialog code={code} businessName={invitation.businessName} open onOpenChange={setOpen} onRefused={onRefused} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The page's answer once the shop is refused. The dialog that was asked in has closed, and
 * the button that opened it is gone: the focus moves here, so a screen reader says it.
 */
function RefusedHeading({ text }: { text: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
      {text}
    </h1>
  );
}

/** Off the link: a customer to their accounts, a visitor to Khata's sign-in. */
function LeaveButton({ signedIn }: { signedIn: boolean }) {
  const [, navigate] = useLocation();
  return (
    <Button variant="secondary" size="lg" onClick={() => navigate('/', { replace: true })}>
      {signedIn ? <Trans>Go to my accounts</Trans> : <Trans>Go to Khata</Trans>}
    </Button>
  );
}

/** A code that names no invitation, or a question that failed (then Try again). */
function LinkFailed({ error, signedIn, onRetry }: { error: Error; signedIn: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  const dead = errorStatus(error) === 404;
  return (
    <InvitationFrame>
      <h1 className="text-lg font-semibold">
        {dead ? <Trans>This invitation link is not valid</Trans> : serverMessage(error) ?? t`Please try again`}
      </h1>
      {!dead && (
        <Button variant="secondary" size="lg" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
      <LeaveButton signedIn={signedIn} />
    </InvitationFrame>
  );
}
