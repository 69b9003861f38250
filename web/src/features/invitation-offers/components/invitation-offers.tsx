/**
 * Credit offers on the customer's home (docs/product.md#invitations): each shop that invited
 * the customer's number, with Accept (the account opens at once) and Decline. New offers and
 * withdrawn ones arrive live through the events stream. The home loads this only when there
 * is an offer to show, so most homes never download it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { serverMessage, type Answer } from '@/lib/api-client';
import { formatWireRupees } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useAcceptInvitation, useDeclineInvitation } from '../api/answer-invitation';
import { useCustomerInvitations } from '../api/get-customer-invitations';

type Offer = Answer<'GET /api/customer/invitations'>['invitations'][number];

export function InvitationOffers() {
  const { t } = useLingui();
  const offers = useCustomerInvitations();
  const invitations = offers.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <section aria-label={t`Credit offers`}>
      <ul className="space-y-3">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            <OfferCard invitation={invitation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OfferCard({ invitation }: { invitation: Offer }) {
  const { t } = useLingui();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const shop = invitation.businessName;
  const limit = formatWireRupees(invitation.creditLimit);
  const headingId = `offer-${invitation.id}`;
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t`Error`, description: serverMessage(error) ?? t`Please try again` });
  // The promises, not mutate's own callbacks: the answer removes this card, and an unmounted
  // card's callbacks never run.
  const onAccept = () =>
    void accept.mutateAsync(invitation.id).then(() => toast({ title: t`Account opened with ${shop}` }), failed);
  const onDecline = () =>
    void decline.mutateAsync(invitation.id).then(() => toast({ title: t`You declined the offer from ${shop}` }), failed);
  return (
    <Card role="article" aria-labelledby={headingId} className="space-y-3">
      <p id={headingId} className="font-semibold">{t`${shop} offers you credit of ${limit}`}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button disabled={busy} aria-busy={accept.isPending} onClick={onAccept}>
          <Trans>Accept</Trans>
        </Button>
        <Button variant="secondary" disabled={busy} aria-busy={decline.isPending} onClick={onDecline}>
          <Trans>Decline</Trans>
        </Button>
      </div>
    </Card>
  );
}
