/** What other features may use of history: everything else in the folder is its own. */
export { TransactionHistory } from './components/transaction-history';
export type { MerchantFilter } from './components/transaction-history';
