/**
 * What others may use of invitations: the merchant's Invited rows with their cancel dialog,
 * and the WhatsApp message that carries an invitation's link.
 */
import { lazyDialog } from '@/components/ui/lazy-dialog';

export { InvitedCustomerCard } from './components/invited-customer-card';
export { WhatsAppLinkButton } from './components/whatsapp-link-button';
export { invitationWhatsAppUrl } from './whatsapp-link';

/**
 * Withdrawing an invitation, after a confirmation. Its code (and the dialog's) downloads on
 * its first opening: the merchant's first screen lists Invited rows but opens no dialog.
 */
export const CancelInvitationDialog = lazyDialog(
  () => import('./components/cancel-invitation-dialog').then((m) => m.CancelInvitationDialog),
  'invitation',
);
