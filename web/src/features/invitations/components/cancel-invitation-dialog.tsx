/**
 * Withdrawing an invitation, after a confirmation: its link stops working at once, and the
 * customer would need a new invitation. A refusal (the customer accepted or declined first)
 * is said in a toast, and the list refetches to show what happened.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useCancelInvitation } from '@/features/invitations/api/cancel-invitation';
import type { Invitation } from '@/features/invitations/api/get-business-invitations';

interface CancelInvitationDialogProps {
  /** The invitation to withdraw; the dialog is closed while null. */
  invitation: Invitation | null;
  onClose: () => void;
}

export function CancelInvitationDialog({ invitation, onClose }: CancelInvitationDialogProps) {
  const { t } = useLingui();
  const name = invitation?.name;
  return (
    <Dialog
      open={invitation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Cancel invitation?`}
      description={invitation ? t`${name} will no longer be able to accept it.` : undefined}
    >
      {invitation && <CancelButtons key={invitation.id} invitation={invitation} onDone={onClose} />}
    </Dialog>
  );
}

function CancelButtons({ invitation, onDone }: { invitation: Invitation; onDone: () => void }) {
  const { t } = useLingui();
  const cancel = useCancelInvitation();
  // The promise, not mutate's callbacks: the row leaves the list as it refetches, and the toast must still come.
  const confirm = () =>
    void cancel.mutateAsync(invitation.id).then(
      () => {
        toast({ title: t`Invitation cancelled` });
        onDone();
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: t`Could not cancel the invitation`, description: serverMessage(error) ?? t`Please try again` });
        onDone();
      },
    );
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" size="lg" onClick={onDone}>
        <Trans>Keep it</Trans>
      </Button>
      <Button variant="destructive" size="lg" disabled={cancel.isPending} aria-busy={cancel.isPending} onClick={confirm}>
        <Trans>Cancel invitation</Trans>
      </Button>
    </div>
  );
}
