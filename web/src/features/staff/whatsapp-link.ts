/**
 * A staff invitation as the owner can also send it on WhatsApp, from their own phone: the
 * SMS may be late or filtered, and a message from the shop's number is one the person
 * recognises. It says what the SMS says, with the page where the invitation is accepted.
 */
import { t } from '@lingui/core/macro';

/** Where an invited person accepts: the merchant sign-in's staff join page, on this server. */
export const staffJoinUrl = (): string => `${window.location.origin}/merchant/join`;

/** The wa.me address that opens a chat with the invited number, the message written in. */
export function staffInvitationWhatsAppUrl({ shopName, phone, roleName }: { shopName: string; phone: string; roleName: string }): string {
  const link = staffJoinUrl();
  const text = t`${shopName} has invited you to work on its Khata as ${roleName}. Accept with this number at ${link}`;
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
