/**
 * What others may use of transactions (the ledger's rows as each side sees them): the
 * customer's history, and the merchant's recent payments and rows.
 */
export { TransactionHistory } from './components/transaction-history';
export type { MerchantFilter } from './components/transaction-history';
export { RecentPayments } from './components/recent-payments';
export { TransactionItem } from './components/transaction-item';
export type { TransactionActions } from './components/transaction-notes';
export { useCustomerNotices } from './use-customer-notices';
