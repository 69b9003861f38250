/**
 * Withdrawing a staff invitation, after a confirmation: the person can no longer accept it.
 * A refusal (they accepted or declined first) is said in a toast, and the list refetches.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useCancelStaffInvitation } from '@/features/staff/api/cancel-staff-invitation';
import type { StaffInvitation } from '@/features/staff/api/get-staff';

interface CancelStaffInvitationDialogProps {
  /** The invitation to withdraw; the dialog is closed while null. */
  invitation: StaffInvitation | null;
  onClose: () => void;
}

export function CancelStaffInvitationDialog({ invitation, onClose }: CancelStaffInvitationDialogProps) {
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

function CancelButtons({ invitation, onDone }: { invitation: StaffInvitation; onDone: () => void }) {
  const { t } = useLingui();
  const cancel = useCancelStaffInvitation();
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
