/**
 * The PIN reset's toasts. The new-PIN checks use the Change PIN sheet's words (spec §5);
 * the rest is beyond the spec. Order is check order.
 */
import { weakPinMessage } from '@common/errors';
import type { IssueCatalogue } from '@/lib/form-issues';

export const newPinIssues = {
  invalidNew: { title: 'Invalid New PIN', description: 'New PIN must be 4 digits' },
  mismatch: { title: "PINs Don't Match", description: 'New PIN and confirmation do not match' },
  weak: { title: 'PIN Reset Failed', description: weakPinMessage },
} as const satisfies IssueCatalogue<string>;

export const pinResetSucceeded = {
  title: 'PIN Reset',
  description: 'Your PIN has been reset. Sign in with your new PIN.',
};

export const pinResetFailedTitle = 'PIN Reset Failed';
export const pinResetFailedDefault = 'Please try again';
