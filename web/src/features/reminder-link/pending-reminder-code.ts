/**
 * The reminder link's code kept across signing in (reminder-link.ts), as the customer app
 * reads it on arrival and then forgets it, so the link is followed once.
 */
import { pendingReminderCodeKey } from './reminder-link';

export function readPendingReminderCode(): string | null {
  try {
    return window.sessionStorage.getItem(pendingReminderCodeKey);
  } catch {
    return null;
  }
}

export function clearPendingReminderCode(): void {
  try {
    window.sessionStorage.removeItem(pendingReminderCodeKey);
  } catch {
    // Nothing was stored.
  }
}
