/**
 * Removing a person from the shop, after a confirmation: they are signed out at once on
 * every phone, and what they did stays in the history and the audit log under their name.
 */
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { StaffMember } from '@/features/staff/api/get-staff';
import { useRevokeStaffMember } from '@/features/staff/api/revoke-staff-member';

interface RemoveMemberDialogProps {
  /** The person to remove; the dialog is closed while null. */
  member: StaffMember | null;
  onClose: () => void;
}

export function RemoveMemberDialog({ member, onClose }: RemoveMemberDialogProps) {
  const { t } = useLingui();
  const name = member?.name;
  return (
    <ConfirmDialog
      id={member?.id ?? null}
      onClose={onClose}
      title={t`Remove ${name} from the shop?`}
      description={member ? t`${name} will be signed out at once. Their past entries stay.` : undefined}
      keepLabel={t`Keep`}
      confirmLabel={t`Remove`}
      useAction={useRevokeStaffMember}
      doneTitle={t`${name} was removed from the shop`}
      failedTitle={t`Could not remove ${name}`}
    />
  );
}
