/**
 * The home's credit offers as the home shows them: nothing, and nothing downloaded, until a
 * shop offers the customer credit, which most homes never have; then the cards, loaded then.
 */
import { lazy, Suspense } from 'react';
import { useCustomerInvitations } from '../api/get-customer-invitations';

const InvitationOffers = lazy(() => import('./invitation-offers').then((m) => ({ default: m.InvitationOffers })));

export function LazyInvitationOffers() {
  const hasOffers = (useCustomerInvitations().data?.invitations.length ?? 0) > 0;
  if (!hasOffers) return null;
  return (
    <Suspense fallback={null}>
      <InvitationOffers />
    </Suspense>
  );
}
