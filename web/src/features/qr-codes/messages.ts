/**
 * QR generator toasts, word for word from docs/product.md (#validation, #messages). Functions, not constants: `t`
 * reads the language active when the toast is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const generateQrIssues = () =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
  }) as const satisfies IssueCatalogue<string>;

export const generateQrFailedDefault = () => t`Failed to generate QR code`;
/** A new code needs the server; while Khata cannot be reached none is asked for (docs/product.md#offline). */
export const generateQrOffline = () => ({ title: t`You're offline`, description: t`Connect to make a new QR code.` });
