/**
 * Credit account toasts, word for word from docs/product.md (#validation, #messages). Order is check order.
 * Functions, not constants, so each text is read in the language active when it is shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

const invalidLimit = () => ({ title: t`Invalid Credit Limit`, description: t`Please enter a valid credit limit amount` });

export const createAccountIssues = () =>
  ({
    handleRequired: { title: t`Payment Handle Required`, description: t`Please scan QR or enter customer payment handle` },
    invalidLimit: invalidLimit(),
  }) satisfies IssueCatalogue<string>;

/** Inviting a customer by phone or adding them at the counter: the problems in the order of the fields. */
export const newCustomerIssues = () =>
  ({
    nameRequired: { title: t`Name Required`, description: t`Please enter the customer's name` },
    invalidPhone: { title: t`Invalid Phone Number`, description: t`Please enter a valid 10-digit phone number` },
    invalidLimit: invalidLimit(),
  }) satisfies IssueCatalogue<string>;

export const invalidCustomerQr = () => ({ title: t`Invalid QR Code`, description: t`Please scan a valid customer QR code.` });

export const createAccountFailedDefault = () => t`Please check the details and try again`;

export const changeLimitIssues = () => ({ invalidLimit: invalidLimit() }) satisfies IssueCatalogue<string>;

export const repaymentIssues = () =>
  ({
    invalidAmount: { title: t`Invalid Amount`, description: t`Please enter a valid amount greater than 0` },
    aboveOwed: { title: t`Invalid Amount`, description: t`Repayment cannot be more than what the customer owes` },
  }) satisfies IssueCatalogue<string>;

/** Moving a due date (docs/product.md#dues-and-reminders): the server's words for a date out of range. */
export const dueDateIssues = () =>
  ({
    dueDateRequired: { title: t`Choose a date`, description: t`Choose the new due date` },
    dueDateOutOfRange: { title: t`Invalid date`, description: t`Choose a due date from tomorrow to one year ahead` },
  }) satisfies IssueCatalogue<string>;

/** An example of the payment handle format: an ID, "@" and a domain. */
export const paymentHandleExample = 'k7q2m9xa@khata';
