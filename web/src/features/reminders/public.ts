/**
 * What others may use of reminders, each loaded on first use: the Settings card of automatic
 * SMS reminders, "Send to all overdue", and a customer's reminder SMS with its exclusion switch.
 */
export {
  LazyAccountSmsReminders, LazyReminderScheduleCard, LazySendToAllOverdueDialog, preloadSendToAllOverdue,
} from './components/lazy-reminders';
