/**
 * The join's toasts. A new PIN's problems read as registration's do (its words, in its
 * order). Functions, not constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const joinPinIssues = () =>
  ({
    missingPin: { title: t`Missing Information`, description: t`Please fill in all required fields` },
    invalidPin: { title: t`Invalid PIN`, description: t`PIN must be exactly 4 digits` },
    pinMismatch: { title: t`PINs don't match` },
    weakPin: { title: t`Invalid PIN`, description: t`This PIN is too easy to guess. Choose another.` },
  }) as const satisfies IssueCatalogue<string>;

/** When the server sent no words of its own (offline, a proxy's page). */
export const answerFailedDefault = () => t`Please try again`;
