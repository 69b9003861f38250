/** What other features may use of credit-accounts: everything else in the folder is its own. */
export { CustomerList } from './components/customer-list';
export { ReminderDialog, type ReminderTarget } from './components/reminder-dialog';
export { remindedLabel } from './dues';
