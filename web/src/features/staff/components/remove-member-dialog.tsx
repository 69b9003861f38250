/**
 * Removing a person from the shop, after a confirmation: they are signed out at once on
 * every phone, and what they did stays in the history and the audit log under their name.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
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
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Remove ${name} from the shop?`}
      description={member ? t`${name} will be signed out at once. Their past entries stay.` : undefined}
    >
      {member && <RemoveButtons key={member.id} member={member} onDone={onClose} />}
    </Dialog>
  );
}

function RemoveButtons({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const { t } = useLingui();
  const revoke = useRevokeStaffMember();
  const name = member.name;
  // The promise, not mutate's callbacks: the person leaves the list as it refetches, and the toast must still come.
  const confirm = () =>
    void revoke.mutateAsync(member.id).then(
      () => {
        toast({ title: t`${name} was removed from the shop` });
        onDone();
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: t`Could not remove ${name}`, description: serverMessage(error) ?? t`Please try again` });
        onDone();
      },
    );
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" size="lg" onClick={onDone}>
        <Trans>Keep</Trans>
      </Button>
      <Button variant="destructive" size="lg" disabled={revoke.isPending} aria-busy={revoke.isPending} onClick={confirm}>
        <Trans>Remove</Trans>
      </Button>
    </div>
  );
}
