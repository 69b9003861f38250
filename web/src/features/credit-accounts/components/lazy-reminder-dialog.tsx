/** The reminder dialog as the dashboard's lists open it: its form's code loads on first opening. */
import { lazyDialog } from '@/components/ui/lazy-dialog';

export const ReminderDialog = lazyDialog(() => import('./reminder-dialog').then((m) => m.ReminderDialog), 'target');
