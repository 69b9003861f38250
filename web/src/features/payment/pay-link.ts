/**
 * Payment links (docs/product.md#routes): a merchant's code is `<origin>/pay/<token>`. A signed-out
 * visitor's token waits in sessionStorage while they sign in or register, then the
 * customer app resumes that payment.
 */
import { forgetPendingLink, keepPendingLink, readPendingLink } from '@/lib/pending-link';

export const pendingPayTokenKey = 'pendingPayToken';

export const rememberPayToken = (token: string): void => keepPendingLink(pendingPayTokenKey, token);
export const readPendingPayToken = (): string | null => readPendingLink(pendingPayTokenKey);
export const clearPendingPayToken = (): void => forgetPendingLink(pendingPayTokenKey);

/** The code's text, as the merchant's QR image carries it: this origin's /pay/<token>. */
export const payLinkQrData = (token: string): string =>
  `${window.location.origin}/pay/${encodeURIComponent(token)}`;
