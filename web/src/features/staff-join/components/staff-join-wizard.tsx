/**
 * Joining a shop's staff (docs/product.md#staff): the invited phone is verified by OTP
 * (purpose staff_invitation, which sets the proof cookie the invitation calls need), then
 * the shops inviting it are listed, each to accept or decline. A phone without a staff
 * account chooses its PIN on accepting; one with an account keeps its own. Accepting
 * answers with a session acting for that shop, which the caller signs in with.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SessionResponse } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus, serverMessage } from '@/lib/api-client';
import { formatIndiaDate } from '@/lib/date-time';
import { toPhoneNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useShopRoleLabel } from '@/features/auth/public';
import { PhoneVerificationSteps, WizardHeader, usePhoneVerification } from '@/features/phone-verification/public';
import { useAcceptStaffInvitation, useDeclineStaffInvitation } from '@/features/staff-join/api/answer-staff-invitation';
import { useStaffInvitations, type StaffInvitation } from '@/features/staff-join/api/get-staff-invitations';
import { answerFailedDefault } from '@/features/staff-join/messages';
import type { JoinPinValues } from '@/features/staff-join/schemas';
import { JoinPinStep } from './join-pin-step';

type Step = 'phone' | 'otp' | 'invitations' | 'pin';

interface StaffJoinWizardProps {
  /** An invitation was accepted: sign in with the session that acts for its shop. */
  onJoined: (session: SessionResponse) => void | Promise<void>;
}

export function StaffJoinWizard({ onJoined }: StaffJoinWizardProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  // The invitation being accepted by a phone that chooses its PIN first.
  const [accepting, setAccepting] = useState<StaffInvitation | null>(null);
  const verification = usePhoneVerification('staff_invitation');
  const invitations = useStaffInvitations({ enabled: step === 'invitations' || step === 'pin' });
  const accept = useAcceptStaffInvitation();
  const decline = useDeclineStaffInvitation();
  const hasAccount = invitations.data?.hasAccount ?? true;
  const steps: Step[] = hasAccount ? ['phone', 'otp', 'invitations'] : ['phone', 'otp', 'invitations', 'pin'];
  const stepTitles: Record<Step, string> = {
    phone: t`Verify your phone`,
    otp: t`Enter verification code`,
    invitations: t`Your invitations`,
    pin: t`Choose your PIN`,
  };

  const acceptInvitation = (invitation: StaffInvitation, pins: Partial<JoinPinValues> = {}) =>
    accept.mutate(
      { id: invitation.id, ...pins },
      {
        onSuccess: async (session) => {
          const shop = invitation.businessName;
          const role = roleLabel(invitation.role);
          toast({ title: t`Welcome to ${shop}`, description: t`You work there as ${role}.` });
          await onJoined(session);
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t`Could not accept the invitation`,
            description: serverMessage(error) ?? answerFailedDefault(),
          });
          // Gone, expired or answered elsewhere: back to the list, which is asked for again.
          if ([404, 409, 410].includes(errorStatus(error) ?? 0)) {
            setAccepting(null);
            setStep('invitations');
          }
        },
      },
    );

  const onAccept = (invitation: StaffInvitation) => {
    if (hasAccount) {
      acceptInvitation(invitation);
      return;
    }
    setAccepting(invitation);
    setStep('pin');
  };

  const onDecline = (invitation: StaffInvitation) => {
    const shop = invitation.businessName;
    decline.mutate(invitation.id, {
      onSuccess: () => toast({ title: t`Invitation declined`, description: t`${shop} has been told.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t`Could not decline the invitation`,
          description: serverMessage(error) ?? answerFailedDefault(),
        }),
    });
  };

  return (
    <section aria-labelledby="staff-join-step-title">
      <WizardHeader
        titleId="staff-join-step-title"
        stepNumber={steps.indexOf(step) + 1}
        stepCount={steps.length}
        title={stepTitles[step]}
      />
      {(step === 'phone' || step === 'otp') && (
        <PhoneVerificationSteps
          step={step}
          phone={phone}
          verification={verification}
          onCodeSent={(digits) => {
            setPhone(digits);
            setStep('otp');
          }}
          onBackToPhone={() => setStep('phone')}
          onVerified={() => setStep('invitations')}
        />
      )}
      {step === 'invitations' && (
        <InvitationList
          phoneNumber={toPhoneNumber(phone)}
          invitations={invitations}
          busy={accept.isPending || decline.isPending}
          onAccept={onAccept}
          onDecline={onDecline}
          onStartAgain={() => setStep('phone')}
        />
      )}
      {step === 'pin' && accepting && (
        <JoinPinStep
          invitation={accepting}
          submitting={accept.isPending}
          onSubmit={(pins) => acceptInvitation(accepting, pins)}
          onBack={() => {
            setAccepting(null);
            setStep('invitations');
          }}
        />
      )}
    </section>
  );
}

interface InvitationListProps {
  phoneNumber: string;
  invitations: ReturnType<typeof useStaffInvitations>;
  busy: boolean;
  onAccept: (invitation: StaffInvitation) => void;
  onDecline: (invitation: StaffInvitation) => void;
  /** Verify the phone again, or another one. */
  onStartAgain: () => void;
}

function InvitationList({ phoneNumber, invitations, busy, onAccept, onDecline, onStartAgain }: InvitationListProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  if (invitations.isPending) return <Spinner label={t`Loading invitations`} className="py-8" />;
  if (invitations.isError) {
    // Most often the verification has run out (400): verifying again gives a new one.
    return (
      <div role="alert" className="space-y-3 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {serverMessage(invitations.error) ?? t`The invitations could not be loaded.`}
        </p>
        <Button variant="secondary" onClick={onStartAgain}>
          <Trans>Verify again</Trans>
        </Button>
      </div>
    );
  }
  const open = invitations.data.invitations;
  if (open.length === 0) {
    return (
      <div className="space-y-3 text-center">
        <p className="font-medium"><Trans>No open invitations for this number</Trans></p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>Ask the shop to invite {phoneNumber} again.</Trans>
        </p>
        <Button variant="secondary" onClick={onStartAgain}>
          <Trans>Use another number</Trans>
        </Button>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {open.map((invitation) => {
        const headingId = `staff-invitation-${invitation.id}`;
        const role = roleLabel(invitation.role);
        const name = invitation.name;
        const until = formatIndiaDate(invitation.expiresAt);
        return (
          <li key={invitation.id}>
            <Card role="article" aria-labelledby={headingId} className="space-y-3">
              <div>
                <h3 id={headingId} className="font-semibold">{invitation.businessName}</h3>
                <p className="text-sm">{t`As ${role}, named ${name}`}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t`Open until ${until}`}</p>
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Button variant="secondary" disabled={busy} onClick={() => onDecline(invitation)}>
                  <Trans>Decline</Trans>
                </Button>
                <Button disabled={busy} aria-busy={busy} onClick={() => onAccept(invitation)}>
                  <Trans>Accept</Trans>
                </Button>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
