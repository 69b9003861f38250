/** The wizard's toasts, word for word from the spec (§5, §8). Order is check order. */
import { weakPinMessage } from '@common/errors';
import type { IssueCatalogue } from '@/lib/form-issues';

export const detailsIssues = {
  missingFields: { title: 'Missing Information', description: 'Please fill in all required fields' },
  missingBusiness: { title: 'Missing Business Information', description: 'Please fill in all business details' },
  invalidPin: { title: 'Invalid PIN', description: 'PIN must be exactly 4 digits' },
  pinMismatch: { title: "PINs don't match" },
  weakPin: { title: 'Invalid PIN', description: weakPinMessage },
} as const satisfies IssueCatalogue<string>;

export const defaults = {
  registrationFailed: 'Please try again',
};
