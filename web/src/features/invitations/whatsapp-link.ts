/**
 * The invitation as the merchant can also send it on WhatsApp, from their own phone: the SMS
 * may be late or filtered, and a message from the shop's own number is one the customer
 * recognises. It carries the same short link as the SMS.
 */
import { t } from '@lingui/core/macro';
import { formatWireRupees } from '@/lib/format';

interface InvitationMessage {
  shopName: string;
  /** The invited number, "+919876543210". */
  phone: string;
  /** The offered limit, a wire amount ("5000.00"). */
  creditLimit: string;
  link: string;
}

/** The wa.me address that opens a chat with the invited number, the message written in. */
export function invitationWhatsAppUrl({ shopName, phone, creditLimit, link }: InvitationMessage): string {
  const limit = formatWireRupees(creditLimit);
  const text = t`${shopName} has invited you to a Khata credit account with a limit of ${limit}. Open: ${link}`;
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
