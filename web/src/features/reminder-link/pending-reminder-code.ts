/**
 * The reminder link's code kept across signing in (reminder-link.ts), as the customer app
 * reads it on arrival and then forgets it, so the link is followed once.
 */
import { forgetPendingLink, readPendingLink } from '@/lib/pending-link';
import { pendingReminderCodeKey } from './reminder-link';

export const readPendingReminderCode = (): string | null => readPendingLink(pendingReminderCodeKey);
export const clearPendingReminderCode = (): void => forgetPendingLink(pendingReminderCodeKey);
