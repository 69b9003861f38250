/**
 * What others may use of invitations: the merchant's Invited rows with their cancel dialog,
 * and the WhatsApp message that carries an invitation's link.
 */
export { InvitedCustomerCard } from './components/invited-customer-card';
export { CancelInvitationDialog } from './components/cancel-invitation-dialog';
export { WhatsAppLinkButton } from './components/whatsapp-link-button';
export { invitationWhatsAppUrl } from './whatsapp-link';
