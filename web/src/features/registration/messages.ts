/**
 * The wizard's toasts, word for word from docs/product.md (#validation, #messages). Order is check order.
 * Functions, not constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const detailsIssues = () =>
  ({
    missingFields: { title: t`Missing Information`, description: t`Please fill in all required fields` },
    missingBusiness: { title: t`Missing Business Information`, description: t`Please fill in all business details` },
    invalidPin: { title: t`Invalid PIN`, description: t`PIN must be exactly 4 digits` },
    pinMismatch: { title: t`PINs don't match` },
    weakPin: { title: t`Invalid PIN`, description: t`This PIN is too easy to guess. Choose another.` },
  }) as const satisfies IssueCatalogue<string>;

export const registrationFailedDefault = () => t`Please try again`;
