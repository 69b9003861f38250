/**
 * Withdrawing an invitation, after a confirmation: its link stops working at once, and the
 * person would need a new invitation. A refusal (they accepted or declined first) is said in
 * a toast, and the list refetches to show what happened. A customer's invitation by
 * default; the staff screen passes the hook that withdraws a staff invitation.
 */
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog, type ConfirmAction } from '@/components/ui/confirm-dialog';
import { useCancelInvitation } from '@/features/invitations/api/cancel-invitation';

interface CancelInvitationDialogProps {
  /** The invitation to withdraw; the dialog is closed while null. */
  invitation: { id: string; name: string } | null;
  onClose: () => void;
  /** The mutation hook that withdraws it, given the invitation's id. */
  useCancel?: () => ConfirmAction;
}

export function CancelInvitationDialog({ invitation, onClose, useCancel = useCancelInvitation }: CancelInvitationDialogProps) {
  const { t } = useLingui();
  const name = invitation?.name;
  return (
    <ConfirmDialog
      id={invitation?.id ?? null}
      onClose={onClose}
      title={t`Cancel invitation?`}
      description={invitation ? t`${name} will no longer be able to accept it.` : undefined}
      keepLabel={t`Keep it`}
      confirmLabel={t`Cancel invitation`}
      useAction={useCancel}
      doneTitle={t`Invitation cancelled`}
      failedTitle={t`Could not cancel the invitation`}
    />
  );
}
