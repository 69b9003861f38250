/**
 * "Invite a person" (docs/product.md#staff): the owner types the person's number and name,
 * picks a role, and for a cashier or a manager their limits (the defaults to begin with);
 * the server texts the invitation. Once sent, the same invitation can go on WhatsApp too.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { languages } from '@common/languages';
import { nameLengthMax } from '@common/limits';
import { Button } from '@/components/ui/button';
import { PhoneNumberInput } from '@/components/ui/digit-inputs';
import { Input, Label } from '@/components/ui/input';
import { languageNames } from '@/components/ui/language-picker';
import { Sheet } from '@/components/ui/sheet';
import { currentLanguage } from '@/i18n/i18n';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDate } from '@/lib/date-time';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useShopRoleLabel } from '@/features/auth/public';
import { WhatsAppLinkButton } from '@/features/invitations/public';
import type { StaffInvitation } from '@/features/staff/api/get-staff';
import { useInviteStaff } from '@/features/staff/api/invite-staff';
import { inviteStaffIssues } from '@/features/staff/messages';
import { defaultLimits, inviteStaffSchema, limitsForRole, toInvitationBody, type InviteStaffValues } from '@/features/staff/staff-form';
import { staffInvitationWhatsAppUrl } from '@/features/staff/whatsapp-link';
import { RoleAndLimitsFields } from './role-and-limits-fields';

const selectClasses =
  'h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

interface InviteStaffSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function InviteStaffSheet({ open, onOpenChange }: InviteStaffSheetProps) {
  const { t } = useLingui();
  const [sent, setSent] = useState<StaffInvitation | null>(null);
  const change = (next: boolean) => {
    // A sheet opened again starts a new invitation.
    if (!next) setSent(null);
    onOpenChange(next);
  };
  return (
    <Sheet open={open} onOpenChange={change} title={t`Invite a person`}>
      {sent ? <InvitationSent invitation={sent} onDone={() => change(false)} /> : <InviteForm onSent={setSent} />}
    </Sheet>
  );
}

function InviteForm({ onSent }: { onSent: (invitation: StaffInvitation) => void }) {
  const { t } = useLingui();
  const invite = useInviteStaff();
  const { register, handleSubmit, watch, getValues, setValue } = useForm<InviteStaffValues>({
    resolver: zodResolver(inviteStaffSchema),
    defaultValues: { phone: '', name: '', role: 'cashier', ...defaultLimits('cashier'), language: currentLanguage() },
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
  const submit = (values: InviteStaffValues) =>
    invite.mutate(toInvitationBody(values), {
      onSuccess: ({ invitation }) => {
        const name = invitation.name;
        toast({ title: t`Invitation sent to ${name}` });
        onSent(invitation);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t`Could not send the invitation`, description: serverMessage(error) ?? t`Please try again` }),
    });
  return (
    <form noValidate aria-label={t`Invite a person`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(inviteStaffIssues()))}>
      <div>
        <Label htmlFor="staff-invite-phone"><Trans>Phone number</Trans></Label>
        <PhoneNumberInput id="staff-invite-phone" autoComplete="off" {...register('phone')} />
      </div>
      <div>
        <Label htmlFor="staff-invite-name"><Trans>Name</Trans></Label>
        <Input id="staff-invite-name" autoComplete="off" maxLength={nameLengthMax} {...register('name')} />
      </div>
      <RoleAndLimitsFields
        idPrefix="staff-invite"
        role={role}
        roleInput={roleInput}
        singleLimitInput={register('singleLimit')}
        dailyLimitInput={register('dailyLimit')}
      />
      <div>
        <Label htmlFor="staff-invite-language"><Trans>SMS language</Trans></Label>
        <select id="staff-invite-language" className={selectClasses} {...register('language')}>
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>{languageNames[language]}</option>
          ))}
        </select>
      </div>
      <Button type="submit" size="lg" disabled={invite.isPending} aria-busy={invite.isPending}>
        <Trans>Send invitation</Trans>
      </Button>
    </form>
  );
}

function InvitationSent({ invitation, onDone }: { invitation: StaffInvitation; onDone: () => void }) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const me = useCurrentUser().data;
  const shopName = me?.shop?.businessName ?? me?.business?.businessName ?? '';
  const name = invitation.name;
  const date = formatIndiaDate(invitation.expiresAt);
  return (
    <section aria-label={t`Invitation sent`} className="space-y-4">
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
        {t`${name} can accept it until ${date}.`}
      </p>
      <WhatsAppLinkButton
        className="h-12 w-full px-5 text-base"
        href={staffInvitationWhatsAppUrl({ shopName, phone: invitation.phone, roleName: roleLabel(invitation.role) })}
      >
        <Trans>Also send on WhatsApp</Trans>
      </WhatsAppLinkButton>
      <Button variant="secondary" size="lg" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
    </section>
  );
}
