/**
 * What others may use of credit-accounts: the merchant's customer list and reminders, the
 * customer's credit card and merchants, and the address of a customer's account screen.
 */
export { CustomerList } from './components/customer-list';
export { ReminderDialog } from './components/lazy-reminder-dialog';
export type { ReminderTarget } from './components/reminder-dialog';
export { remindedLabel } from './dues';
export { AvailableCreditCard } from './components/available-credit-card';
export { MerchantList } from './components/merchant-list';
export { accountPath } from './account-path';
export { pendingAccountKey } from './account-link';
