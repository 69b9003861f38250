/**
 * "Change role or limits": a person's role, and a cashier's or manager's limits, as the owner
 * sets them now. The shop's founding owner is never offered this (the server refuses it too).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { serverMessage } from '@/lib/api-client';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useChangeStaffMember } from '@/features/staff/api/change-staff-member';
import type { StaffMember } from '@/features/staff/api/get-staff';
import { changeStaffIssues } from '@/features/staff/messages';
import {
  changeStaffSchema, defaultLimits, limitsForRole, roleAndLimitsBody, typedFromWire, type ChangeStaffValues,
} from '@/features/staff/staff-form';
import { RoleAndLimitsFields } from './role-and-limits-fields';

interface ChangeMemberSheetProps {
  /** The person to change; the sheet is closed while null. */
  member: StaffMember | null;
  onClose: () => void;
}

export function ChangeMemberSheet({ member, onClose }: ChangeMemberSheetProps) {
  const { t } = useLingui();
  const name = member?.name;
  return (
    <Sheet open={member !== null} onOpenChange={(open) => !open && onClose()} title={t`Change role or limits`} description={name}>
      {member && <ChangeForm key={member.id} member={member} onDone={onClose} />}
    </Sheet>
  );
}

/** The person's limits as the form starts them: theirs, or the role's defaults if they have none. */
function startingLimits(member: StaffMember) {
  if (member.singleLimit === null || member.dailyLimit === null) return defaultLimits(member.role);
  return { singleLimit: typedFromWire(member.singleLimit), dailyLimit: typedFromWire(member.dailyLimit) };
}

function ChangeForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const { t } = useLingui();
  const change = useChangeStaffMember();
  const { register, handleSubmit, watch, getValues, setValue } = useForm<ChangeStaffValues>({
    resolver: zodResolver(changeStaffSchema),
    defaultValues: { role: member.role, ...startingLimits(member) },
  });
  const role = watch('role');
  const roleInput = register('role', {
    // After the change: getValues has the new role.
    onChange: () => {
      const limits = limitsForRole(getValues('role'), getValues());
      if (limits) {
        setValue('singleLimit', limits.singleLimit);
        setValue('dailyLimit', limits.dailyLimit);
      }
    },
  });
  const submit = (values: ChangeStaffValues) =>
    change.mutate({ memberId: member.id, change: roleAndLimitsBody(values) }, {
      onSuccess: ({ member: saved }) => {
        const name = saved.name;
        toast({ title: t`Saved ${name}'s role and limits` });
        onDone();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t`Could not save the change`, description: serverMessage(error) ?? t`Please try again` }),
    });
  return (
    <form noValidate aria-label={t`Change role or limits`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(changeStaffIssues()))}>
      <RoleAndLimitsFields
        idPrefix={`staff-change-${member.id}`}
        role={role}
        roleInput={roleInput}
        singleLimitInput={register('singleLimit')}
        dailyLimitInput={register('dailyLimit')}
      />
      <Button type="submit" size="lg" disabled={change.isPending} aria-busy={change.isPending}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
