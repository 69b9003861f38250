/**
 * The business's credit terms form: each problem named by a key, its words in
 * `creditSettingsIssues`, checked again by the server through common/schemas/dues.ts.
 */
import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { creditPeriodDaysMax, creditPeriodDaysMin, upiIdPattern } from '@common/limits';
import type { BusinessSettings } from '@common/api/types';
import type { IssueCatalogue } from '@/lib/form-issues';

const wholeDays = /^\d+$/;

export const creditSettingsSchema = z.object({
  creditPeriodDays: z.string().check(
    z.refine((text) => {
      const days = text.trim();
      return wholeDays.test(days) && Number(days) >= creditPeriodDaysMin && Number(days) <= creditPeriodDaysMax;
    }, 'periodRange'),
  ),
  upiId: z.string().check(z.refine((text) => text.trim() === '' || upiIdPattern.test(text.trim()), 'upiIdFormat')),
});
export type CreditSettingsValues = z.infer<typeof creditSettingsSchema>;

/** Check order: the period, then the UPI ID. */
export const creditSettingsIssues = () => {
  const min = creditPeriodDaysMin;
  const max = creditPeriodDaysMax;
  return {
    periodRange: { title: t`Invalid credit period`, description: t`Credit period must be ${min} to ${max} days` },
    upiIdFormat: { title: t`Invalid UPI ID`, description: t`Enter a UPI ID like name@bank` },
  } satisfies IssueCatalogue<string>;
};

/** The request for valid values: whole days, the UPI ID trimmed and lowercased, or null to clear it. */
export function creditSettingsBody(values: CreditSettingsValues): BusinessSettings {
  const upiId = values.upiId.trim().toLowerCase();
  return { creditPeriodDays: Number(values.creditPeriodDays.trim()), upiId: upiId === '' ? null : upiId };
}

/** The form's values for saved settings. */
export const creditSettingsValues = (settings: BusinessSettings): CreditSettingsValues => ({
  creditPeriodDays: String(settings.creditPeriodDays),
  upiId: settings.upiId ?? '',
});
