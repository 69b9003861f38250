/**
 * Change PIN toasts, word for word from docs/product.md (#validation, #messages). Order is check order. Functions,
 * not constants: `t` reads the language active when the toast is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const changePinIssues = () =>
  ({
    invalidCurrent: { title: t`Invalid Current PIN`, description: t`Current PIN must be 4 digits` },
    invalidNew: { title: t`Invalid New PIN`, description: t`New PIN must be 4 digits` },
    mismatch: { title: t`PINs Don't Match`, description: t`New PIN and confirmation do not match` },
    same: { title: t`Same PIN`, description: t`New PIN must be different from current PIN` },
    weak: { title: t`PIN Change Failed`, description: t`This PIN is too easy to guess. Choose another.` },
  }) as const satisfies IssueCatalogue<string>;

export const changePinFailedDefault = () => t`Failed to change PIN. Please check your current PIN and try again`;
