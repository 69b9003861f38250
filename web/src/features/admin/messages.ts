/** The admin's toasts: the spec's words (§5, §8) where it has them. Order is check order. */
import type { IssueCatalogue } from '@/lib/form-issues';

export const reviewIssues = {
  reasonRequired: { title: 'Reason Required', description: 'Please provide a reason for rejection' },
  invalidFee: { title: 'Invalid Fee', description: 'Transaction fee must be a percent from 0 to 100 with at most 2 decimals' },
  invalidLimit: { title: 'Invalid Credit Limit', description: 'Max credit limit must be an amount greater than 0 with at most 2 decimals' },
} as const satisfies IssueCatalogue<string>;

export const termsIssues = {
  nothingToUpdate: { title: 'Nothing to Update', description: 'Enter a transaction fee or a max credit limit' },
  invalidFee: reviewIssues.invalidFee,
  invalidLimit: reviewIssues.invalidLimit,
} as const satisfies IssueCatalogue<string>;

export const decisionSucceeded = { title: 'Success', description: 'Business applications updated successfully' };
export const decisionFailed = { title: 'Error', description: 'Failed to update business applications' };

export const termsUpdatedTitle = 'Terms Updated';
export const termsFailedDefault = 'Failed to update the terms';

// Unlock Account (beyond the spec; the phone message is the spec's §5 one).
export const unlockIssues = {
  missingIdentifier: { title: 'Missing Information', description: 'Please enter the phone number or email' },
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid 10-digit phone number' },
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address' },
} as const satisfies IssueCatalogue<string>;

export const accountUnlocked = { title: 'Account Unlocked', description: 'The account can sign in again' };
export const accountNotLocked = { title: 'Not Locked', description: 'That account was not locked' };
export const unlockFailedTitle = 'Unlock Failed';
export const unlockFailedDefault = 'Please try again';
