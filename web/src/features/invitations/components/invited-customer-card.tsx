/**
 * An Invited row of the merchant's customer list (docs/product.md#invitations): the name,
 * number and limit the merchant typed, until when the link works, and the two things to do
 * with it while the customer decides: send it again on WhatsApp, or withdraw it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardActions, cardActionClasses } from '@/components/ui/card';
import { formatIndiaDate } from '@/lib/date-time';
import { formatWireRupees } from '@/lib/format';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import type { Invitation } from '@/features/invitations/api/get-business-invitations';
import { invitationWhatsAppUrl } from '@/features/invitations/whatsapp-link';
import { WhatsAppLinkButton } from './whatsapp-link-button';

interface InvitedCustomerCardProps {
  invitation: Invitation;
  /** Asks to confirm withdrawing the invitation. */
  onCancel: () => void;
}

export function InvitedCustomerCard({ invitation, onCancel }: InvitedCustomerCardProps) {
  const { t } = useLingui();
  const shopName = useCurrentUser().data?.business?.businessName ?? '';
  const headingId = `invitation-${invitation.id}`;
  const expires = formatIndiaDate(invitation.expiresAt);
  return (
    <Card aria-labelledby={headingId} role="article" className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold wrap-break-word">{invitation.name}</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">{invitation.phone}</p>
        </div>
        <Badge tone="warning">{t`Invited`}</Badge>
      </div>
      <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-50 p-2 text-sm dark:bg-slate-800/60">
        <dl className="flex gap-1.5">
          <dt className="text-slate-500 dark:text-slate-400"><Trans>Limit</Trans></dt>
          <dd className="font-semibold tabular-nums">{formatWireRupees(invitation.creditLimit)}</dd>
        </dl>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t`Expires ${expires}`}</p>
      </div>
      <CardActions>
        <WhatsAppLinkButton
          className={cardActionClasses}
          href={invitationWhatsAppUrl({ shopName, phone: invitation.phone, creditLimit: invitation.creditLimit, link: invitation.link })}
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
