/** QR generator toasts, word for word from the spec (§5, §8). */
import type { IssueCatalogue } from '@/lib/form-issues';

export const generateQrIssues = {
  invalidAmount: { title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0' },
} as const satisfies IssueCatalogue<string>;

export const generateQrFailedDefault = 'Failed to generate QR code';
