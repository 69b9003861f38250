/**
 * Sign-in toasts, word for word from docs/product.md (#validation, #messages). Order is check order. Functions,
 * not constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

export const customerLoginIssues = () =>
  ({
    missing: { title: t`Missing Information`, description: t`Please enter both phone number and PIN` },
    invalidPhone: { title: t`Invalid Phone Number`, description: t`Please enter a valid 10-digit phone number` },
  }) as const satisfies IssueCatalogue<string>;

export const emailLoginIssues = () =>
  ({
    missing: { title: t`Missing Information`, description: t`Please enter both email and PIN` },
  }) as const satisfies IssueCatalogue<string>;

/**
 * The text of 'Login Failed' when the server sent no message of its own (offline, a proxy's
 * page): the server's own words (common/errors.ts invalidCredentialsMessage), translated.
 */
export const loginFailedDefaults = () => ({
  customer: t`Invalid phone number or PIN`,
  business: t`Invalid email or PIN`,
  admin: t`Invalid admin credentials`,
});
