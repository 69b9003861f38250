/**
 * The admin's toasts: docs/product.md's words (#validation, #messages) where it has them.
 * Order is check order. Each is a function so the text is read through Lingui in the
 * language shown now (docs/product.md#languages), not the one active when this module was
 * imported.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

const invalidFee = () => ({
  title: t`Invalid Fee`,
  description: t`Transaction fee must be a percent from 0 to 100 with at most 2 decimals`,
});
const invalidLimit = () => ({
  title: t`Invalid Credit Limit`,
  description: t`Max credit limit must be an amount greater than 0 with at most 2 decimals`,
});

export const reviewIssues = () =>
  ({
    reasonRequired: { title: t`Reason Required`, description: t`Please provide a reason for rejection` },
    invalidFee: invalidFee(),
    invalidLimit: invalidLimit(),
  }) as const satisfies IssueCatalogue<string>;

export const termsIssues = () =>
  ({
    nothingToUpdate: { title: t`Nothing to Update`, description: t`Enter a transaction fee or a max credit limit` },
    invalidFee: invalidFee(),
    invalidLimit: invalidLimit(),
  }) as const satisfies IssueCatalogue<string>;

export const decisionSucceeded = () => ({ title: t`Success`, description: t`Business applications updated successfully` });
export const decisionFailed = () => ({ title: t`Error`, description: t`Failed to update business applications` });

export const termsUpdatedTitle = () => t`Terms Updated`;
export const termsFailedDefault = () => t`Failed to update the terms`;

// Unlock Account (its phone message is the registration one, docs/product.md#validation).
export const unlockIssues = () =>
  ({
    missingIdentifier: { title: t`Missing Information`, description: t`Please enter the phone number or email` },
    invalidPhone: { title: t`Invalid Phone Number`, description: t`Please enter a valid 10-digit phone number` },
    invalidEmail: { title: t`Invalid Email`, description: t`Please enter a valid email address` },
  }) as const satisfies IssueCatalogue<string>;

export const accountUnlocked = () => ({ title: t`Account Unlocked`, description: t`The account can sign in again` });
export const accountNotLocked = () => ({ title: t`Not Locked`, description: t`That account was not locked` });
export const unlockFailedTitle = () => t`Unlock Failed`;
export const unlockFailedDefault = () => t`Please try again`;
