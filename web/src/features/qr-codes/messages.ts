/**
 * QR generator toasts, word for word from the spec (§5, §8). Functions, not constants: `t`
 * reads the language active when the toast is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const generateQrIssues = () =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
  }) as const satisfies IssueCatalogue<string>;

export const generateQrFailedDefault = () => t`Failed to generate QR code`;
