/**
 * What a link opened signed out keeps while the visitor signs in or registers (a payment
 * link's token, a reminder link's or an invitation link's code), in sessionStorage: this
 * tab only, gone when it closes. Storage may be refused (private mode): the value is then
 * lost, never an error, and the visitor opens the link again after signing in.
 */
export function keepPendingLink(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Refused: nothing is kept.
  }
}

export function readPendingLink(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function forgetPendingLink(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
