/**
 * "Invite by phone" (docs/product.md#invitations): the merchant types a customer's name,
 * number and limit, and the server texts them the offer with a link to accept or refuse
 * it. The answer is the same whether or not the number already has Khata, so the merchant
 * learns nothing of who uses it. Once sent, the same link can go on WhatsApp too.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/i18n/i18n';
import { serverMessage } from '@/lib/api-client';
import { formatIndiaDate } from '@/lib/date-time';
import { toastFirstIssue } from '@/lib/form-issues';
import { toast } from '@/lib/toast-store';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useCreateInvitation } from '@/features/invitations/api/create-invitation';
import type { Invitation } from '@/features/invitations/api/get-business-invitations';
import { invitationWhatsAppUrl, WhatsAppLinkButton } from '@/features/invitations/public';
import { newCustomerIssues } from '@/features/credit-accounts/messages';
import { newCustomerSchema, toNewCustomerBody, type NewCustomerValues } from '@/features/credit-accounts/schemas';
import { NewCustomerFields } from './new-customer-fields';

export function InviteByPhoneForm({ onDone }: { onDone: () => void }) {
  const [sent, setSent] = useState<Invitation | null>(null);
  return sent ? <InvitationSent invitation={sent} onDone={onDone} /> : <InviteForm onSent={setSent} />;
}

function InviteForm({ onSent }: { onSent: (invitation: Invitation) => void }) {
  const { t } = useLingui();
  const invite = useCreateInvitation();
  const { register, handleSubmit, formState: { errors } } = useForm<NewCustomerValues>({
    resolver: zodResolver(newCustomerSchema),
    defaultValues: { name: '', phone: '', creditLimit: '', language: currentLanguage() },
  });
  const issues = newCustomerIssues();
  const submit = (values: NewCustomerValues) =>
    invite.mutate(toNewCustomerBody(values), {
      onSuccess: ({ invitation }) => {
        toast({ title: t`Invitation sent` });
        onSent(invitation);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t`Could not send the invitation`, description: serverMessage(error) ?? t`Please try again` }),
    });
  return (
    <form noValidate aria-label={t`Invite by phone`} className="space-y-4" onSubmit={handleSubmit(submit, toastFirstIssue(issues))}>
      <NewCustomerFields
        idPrefix="invite"
        register={register}
        formErrors={errors}
      />
      <Button type="submit" size="lg" disabled={invite.isPending} aria-busy={invite.isPending}>
        <Trans>Send invitation</Trans>
      </Button>
    </form>
  );
}

function InvitationSent({ invitation, onDone }: { invitation: Invitation; onDone: () => void }) {
  const { t } = useLingui();
  const shopName = useCurrentUser().data?.business?.businessName ?? '';
  const name = invitation.name;
  const date = formatIndiaDate(invitation.expiresAt);
  return (
    <section aria-label={t`Invitation sent`} className="space-y-4">
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
        {t`${name} can accept it until ${date}.`}
      </p>
      <WhatsAppLinkButton
        className="h-12 w-full px-5 text-base"
        href={invitationWhatsAppUrl({ shopName, phone: invitation.phone, creditLimit: invitation.creditLimit, link: invitation.link })}
      >
        <Trans>Also send on WhatsApp</Trans>
      </WhatsAppLinkButton>
      <Button variant="secondary" size="lg" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
    </section>
  );
}
