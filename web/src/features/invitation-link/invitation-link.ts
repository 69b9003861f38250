/**
 * An invitation SMS's short link, `/i/<code>` (docs/product.md#invitations). Opened signed
 * out, "I already have Khata" keeps its code in sessionStorage while the visitor signs in,
 * as a reminder link's does (reminder-link/reminder-link.ts); the customer app then opens the
 * link again, once. Small and free of screens: the customer app reads it on every start.
 */
import { forgetPendingLink, keepPendingLink, readPendingLink } from '@/lib/pending-link';

export const invitationRoute = '/i/:code';
export const invitationPath = (code: string): string => `/i/${encodeURIComponent(code)}`;

export const pendingInvitationCodeKey = 'pendingInvitationCode';

export const rememberInvitationCode = (code: string): void => keepPendingLink(pendingInvitationCodeKey, code);

/** The code kept across signing in, once: reading it forgets it. */
export function takePendingInvitationCode(): string | null {
  const code = readPendingLink(pendingInvitationCodeKey);
  forgetPendingLink(pendingInvitationCodeKey);
  return code;
}
