/** Sign-in toasts, word for word from the spec (§5, §8). Order is check order. */
import { invalidCredentialsMessage } from '@common/errors';
import type { IssueCatalogue } from '@/lib/form-issues';

export const customerLoginIssues = {
  missing: { title: 'Missing Information', description: 'Please enter both phone number and PIN' },
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid 10-digit phone number' },
} as const satisfies IssueCatalogue<string>;

export const emailLoginIssues = {
  missing: { title: 'Missing Information', description: 'Please enter both email and PIN' },
} as const satisfies IssueCatalogue<string>;

/** The text of 'Login Failed' when the server sent no message of its own. */
export const loginFailedDefaults = invalidCredentialsMessage;
