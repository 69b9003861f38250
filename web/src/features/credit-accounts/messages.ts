/** Credit account toasts, word for word from the spec (§5, §8). Order is check order. */
import type { IssueCatalogue } from '@/lib/form-issues';

export const createAccountIssues = {
  handleRequired: { title: 'Payment Handle Required', description: 'Please scan QR or enter customer payment handle' },
  invalidLimit: { title: 'Invalid Credit Limit', description: 'Please enter a valid credit limit amount' },
} as const satisfies IssueCatalogue<string>;

export const invalidCustomerQr = { title: 'Invalid QR Code', description: 'Please scan a valid customer QR code.' };

export const createAccountFailedDefault = 'Please check the details and try again';

export const changeLimitIssues = {
  invalidLimit: { title: 'Invalid Credit Limit', description: 'Please enter a valid credit limit amount' },
} as const satisfies IssueCatalogue<string>;

export const repaymentIssues = {
  invalidAmount: { title: 'Invalid Amount', description: 'Please enter a valid amount greater than 0' },
  aboveOwed: { title: 'Invalid Amount', description: 'Repayment cannot be more than what the customer owes' },
} as const satisfies IssueCatalogue<string>;

/** An example of the payment handle format: an ID, "@" and a domain. */
export const paymentHandleExample = 'k7q2m9xa@khata';
