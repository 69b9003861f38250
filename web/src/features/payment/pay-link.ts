/**
 * Payment links (docs/product.md#routes): a merchant's code is `<origin>/pay/<token>`. A signed-out
 * visitor's token waits in sessionStorage while they sign in or register, then the
 * customer app resumes that payment.
 */
export const pendingPayTokenKey = 'pendingPayToken';

export function rememberPayToken(token: string): void {
  try {
    window.sessionStorage.setItem(pendingPayTokenKey, token);
  } catch {
    // Storage refused (private mode): the visitor scans the code again after signing in.
  }
}

export function readPendingPayToken(): string | null {
  try {
    return window.sessionStorage.getItem(pendingPayTokenKey);
  } catch {
    return null;
  }
}

export function clearPendingPayToken(): void {
  try {
    window.sessionStorage.removeItem(pendingPayTokenKey);
  } catch {
    // Nothing was stored.
  }
}

/** The code's text, as the merchant's QR image carries it: this origin's /pay/<token>. */
export const payLinkQrData = (token: string): string =>
  `${window.location.origin}/pay/${encodeURIComponent(token)}`;
