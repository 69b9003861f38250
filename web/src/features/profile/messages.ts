/** Change PIN toasts, word for word from the spec (§5, §8). Order is check order. */
import { weakPinMessage } from '@common/errors';
import type { IssueCatalogue } from '@/lib/form-issues';

export const changePinIssues = {
  invalidCurrent: { title: 'Invalid Current PIN', description: 'Current PIN must be 4 digits' },
  invalidNew: { title: 'Invalid New PIN', description: 'New PIN must be 4 digits' },
  mismatch: { title: "PINs Don't Match", description: 'New PIN and confirmation do not match' },
  same: { title: 'Same PIN', description: 'New PIN must be different from current PIN' },
  weak: { title: 'PIN Change Failed', description: weakPinMessage },
} as const satisfies IssueCatalogue<string>;

export const changePinFailedDefault =
  'Failed to change PIN. Please check your current PIN and try again';
