/**
 * The Staff screen's form problems, in the order of the fields: the first one wrong is the
 * one said. Functions, not constants, so each text is read in the language active when shown.
 */
import { t } from '@lingui/core/macro';
import type { IssueCatalogue } from '@/lib/form-issues';

const limitIssues = () => ({
  invalidSingleLimit: { title: t`Invalid limit`, description: t`Enter the limit for one entry, an amount greater than 0` },
  invalidDailyLimit: { title: t`Invalid limit`, description: t`Enter the daily limit, an amount greater than 0` },
  limitsOrder: { title: t`Invalid limit`, description: t`The daily limit must be at least the limit for one entry` },
});

export const inviteStaffIssues = () =>
  ({
    invalidPhone: { title: t`Invalid Phone Number`, description: t`Please enter a valid 10-digit phone number` },
    nameRequired: { title: t`Name Required`, description: t`Please enter the person's name` },
    ...limitIssues(),
  }) satisfies IssueCatalogue<string>;

export const changeStaffIssues = () => limitIssues() satisfies IssueCatalogue<string>;
