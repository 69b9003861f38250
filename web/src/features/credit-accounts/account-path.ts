import { pendingAccountKey } from './account-link';

/** The route of the account screen; the customer app matches it. */
export const accountRoute = '/accounts/:businessId';

export const accountPath = (businessId: string): string => `/accounts/${encodeURIComponent(businessId)}`;

/** The account screen kept across signing in (account-link.ts), once: reading it forgets it. */
export function takePendingAccount(): string | null {
  try {
    const businessId = window.sessionStorage.getItem(pendingAccountKey);
    window.sessionStorage.removeItem(pendingAccountKey);
    return businessId;
  } catch {
    return null;
  }
}
