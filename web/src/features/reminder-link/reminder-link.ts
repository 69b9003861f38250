/**
 * A reminder SMS's short link, `/r/<code>` (docs/product.md#automatic-reminders). Opened
 * signed out, its code waits in sessionStorage while the visitor signs in or registers, as
 * a payment link's token does (payment/pay-link.ts); then the customer app follows it
 * (pending-reminder-code.ts). The signed-out routes import this file, so it stays tiny: it
 * lands in the entry chunk.
 */
import { keepPendingLink } from '@/lib/pending-link';

export const pendingReminderCodeKey = 'pendingReminderCode';

export const rememberReminderCode = (code: string): void => keepPendingLink(pendingReminderCodeKey, code);
