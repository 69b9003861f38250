/**
 * What other parts of the app may use of the customer's credit offers
 * (docs/product.md#invitations): the home's offers, loaded once there is one. The calls that
 * answer an offer are in api/, which the invitation's link page uses too.
 */
export { LazyInvitationOffers } from './components/lazy-invitation-offers';
