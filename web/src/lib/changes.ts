/**
 * What can change on the server: a change a mutation makes (named in its `meta.changed`) or
 * one the live-update stream reports. A feature names the change; app/stale-queries.ts, the
 * one place that knows who reads what, maps each to the queries it makes stale.
 */
export type Change =
  // The merchant's own changes to a customer's credit line.
  | 'credit-account-created'
  | 'credit-limit-changed'
  | 'due-date-moved'
  | 'reminder-sent'
  | 'repayment-recorded'
  // The merchant answering a customer's UPI repayment claim, and the customer making one.
  | 'claim-confirmed'
  | 'claim-declined'
  | 'claim-made'
  // The merchant refunding a payment, reversing a mistaken cash repayment, declining a customer's report.
  | 'refund-made'
  | 'repayment-reversed'
  | 'report-declined'
  // The customer reporting a problem with a payment.
  | 'payment-reported'
  // The merchant's QR codes; the customer paying one.
  | 'qr-code-generated'
  | 'payment-made'
  // An admin's decision on applications, and on a business's terms.
  | 'businesses-decided'
  | 'business-terms-changed'
  // The merchant inviting a customer by phone or withdrawing the invitation, and a purchase
  // the customer approved with a code sent by SMS (a sign-up at the counter is 'credit-account-created').
  | 'invitation-sent'
  | 'invitation-cancelled'
  | 'sms-charge-paid'
  // What the live-update stream says: a new ledger row, a claim's or a report's news, on either side,
  // and an admin's decision on the merchant's own business.
  | 'merchant-ledger-row'
  | 'merchant-claim-news'
  | 'merchant-report-news'
  | 'counter-ledger-row'
  | 'customer-ledger-row'
  | 'customer-claim-news'
  | 'customer-report-news'
  | 'own-business-decided'
  // An invited customer accepting or declining, on the merchant's side.
  | 'merchant-invitation-news'
  // A shop offering the customer credit, or withdrawing the offer, on the customer's side.
  | 'customer-invitation-news';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { changed?: Change };
  }
}
