/**
 * An open staff invitation: whom, as what, until when, and the two things to do while the
 * person decides: send it again on WhatsApp, or withdraw it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardActions, cardActionClasses } from '@/components/ui/card';
import { formatIndiaDate } from '@/lib/date-time';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useShopRoleLabel } from '@/features/auth/public';
import { WhatsAppLinkButton } from '@/features/invitations/public';
import type { StaffInvitation } from '@/features/staff/api/get-staff';
import { staffInvitationWhatsAppUrl } from '@/features/staff/whatsapp-link';

interface StaffInvitationCardProps {
  invitation: StaffInvitation;
  /** Asks to confirm withdrawing the invitation. */
  onCancel: () => void;
}

export function StaffInvitationCard({ invitation, onCancel }: StaffInvitationCardProps) {
  const { t } = useLingui();
  const roleLabel = useShopRoleLabel();
  const me = useCurrentUser().data;
  const shopName = me?.shop?.businessName ?? me?.business?.businessName ?? '';
  const headingId = `staff-invitation-${invitation.id}`;
  const expires = formatIndiaDate(invitation.expiresAt);
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold wrap-break-word">{invitation.name}</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">{invitation.phone}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone="neutral">{roleLabel(invitation.role)}</Badge>
          <Badge tone="warning">{t`Invited`}</Badge>
        </div>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t`Expires ${expires}`}</p>
      <CardActions>
        <WhatsAppLinkButton
          className={cardActionClasses}
          href={staffInvitationWhatsAppUrl({ shopName, phone: invitation.phone, roleName: roleLabel(invitation.role) })}
        >
          <Trans>Send on WhatsApp</Trans>
        </WhatsAppLinkButton>
        <Button variant="secondary" className={cardActionClasses} onClick={onCancel}>
          <Trans>Cancel invitation</Trans>
        </Button>
      </CardActions>
    </Card>
  );
}
