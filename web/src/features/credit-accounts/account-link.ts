/**
 * A customer's account screen, `/accounts/<businessId>`, opened signed out: the
 * business id waits in sessionStorage while the visitor signs in, then the customer app
 * opens that screen (resume-account.ts), as a payment link does (payment/pay-link.ts).
 * The signed-out routes import this file, so it stays tiny: it lands in the entry chunk.
 */
export const pendingAccountKey = 'pendingAccount';

export function rememberAccount(businessId: string): void {
  try {
    window.sessionStorage.setItem(pendingAccountKey, businessId);
  } catch {
    // Storage refused (private mode): the customer opens the merchant from the home.
  }
}
