/**
 * The owner's Staff screen (docs/product.md#staff): the shop's people with their roles,
 * limits and today's use, the invitations still open, and the people removed, folded away
 * under "Former staff". From here the owner invites a person, changes a role or limits, and
 * removes a person.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, PersonPlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useStaff, type StaffInvitation, type StaffMember } from '@/features/staff/api/get-staff';
import { CancelStaffInvitationDialog } from './cancel-staff-invitation-dialog';
import { ChangeMemberSheet } from './change-member-sheet';
import { InviteStaffSheet } from './invite-staff-sheet';
import { FormerMemberRow, MemberCard } from './member-card';
import { RemoveMemberDialog } from './remove-member-dialog';
import { StaffInvitationCard } from './staff-invitation-card';

export function StaffScreen({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [cancelling, setCancelling] = useState<StaffInvitation | null>(null);

  const members = staff.data?.members ?? [];
  const active = members.filter((member) => member.status === 'active');
  const former = members.filter((member) => member.status === 'revoked');
  const formerCount = former.length;
  const invitations = (staff.data?.invitations ?? []).filter((invitation) => invitation.status === 'pending');

  return (
    <section aria-labelledby="staff-title" className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label={t`Back`} onClick={onBack}>
          <ChevronLeftIcon />
        </Button>
        <h2 id="staff-title" className="text-lg font-semibold"><Trans>Staff</Trans></h2>
      </div>
      <Button size="lg" onClick={() => setInviting(true)}>
        <PersonPlusIcon />
        <Trans>Invite a person</Trans>
      </Button>
      {staff.isPending ? (
        <Spinner label={t`Loading staff`} className="py-8" />
      ) : staff.isError && !staff.data ? (
        <div role="alert" className="rounded-2xl bg-white p-5 text-center dark:bg-slate-900">
          <p className="text-sm text-slate-600 dark:text-slate-300">{serverMessage(staff.error) ?? t`The staff could not be loaded.`}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void staff.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="staff-people" className="space-y-3">
            <h3 id="staff-people" className="text-base font-semibold"><Trans>People</Trans></h3>
            {active.map((member) => (
              <MemberCard key={member.id} member={member} onChange={() => setChanging(member)} onRemove={() => setRemoving(member)} />
            ))}
          </section>
          {invitations.length > 0 && (
            <section aria-labelledby="staff-invitations" className="space-y-3">
              <h3 id="staff-invitations" className="text-base font-semibold"><Trans>Open invitations</Trans></h3>
              {invitations.map((invitation) => (
                <StaffInvitationCard key={invitation.id} invitation={invitation} onCancel={() => setCancelling(invitation)} />
              ))}
            </section>
          )}
          {former.length > 0 && (
            <details className="rounded-2xl border border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
              <summary className="cursor-pointer py-1 text-sm font-semibold">
                {t`Former staff (${formerCount})`}
              </summary>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {former.map((member) => <FormerMemberRow key={member.id} member={member} />)}
              </ul>
            </details>
          )}
        </>
      )}
      <InviteStaffSheet open={inviting} onOpenChange={setInviting} />
      <ChangeMemberSheet member={changing} onClose={() => setChanging(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
      <CancelStaffInvitationDialog invitation={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
