/**
 * The PIN reset's toasts. The new-PIN checks use the Change PIN sheet's words
 * (docs/product.md#validation); the rest are the reset's own. Order is check order.
 * Functions, not constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const newPinIssues = () =>
  ({
    invalidNew: { title: t`Invalid New PIN`, description: t`New PIN must be 4 digits` },
    mismatch: { title: t`PINs Don't Match`, description: t`New PIN and confirmation do not match` },
    weak: { title: pinResetFailedTitle(), description: t`This PIN is too easy to guess. Choose another.` },
  }) as const satisfies IssueCatalogue<string>;

export const pinResetSucceeded = () => ({
  title: t`PIN Reset`,
  description: t`Your PIN has been reset. Sign in with your new PIN.`,
});

export const pinResetFailedTitle = () => t`PIN Reset Failed`;
export const pinResetFailedDefault = () => t`Please try again`;
