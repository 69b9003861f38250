/**
 * What other parts of the app may use of the customer's side of reminder SMS
 * (docs/product.md#automatic-reminders): the account screen's switch that stops them.
 */
export { ReminderOptOutSwitch } from './components/reminder-opt-out-switch';
