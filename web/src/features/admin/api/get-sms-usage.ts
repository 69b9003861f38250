import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';
import type { AnalyticsPeriodDays } from './get-analytics';

/**
 * The SMS sent per day and the shops sending most, over the Analytics tab's period. As
 * there, a new period keeps the previous figures on screen until its own arrive.
 */
export const useSmsUsage = (days: AnalyticsPeriodDays) => useQuery({
  ...queryOptionsFor('GET /api/admin/sms-usage', { query: { days: `${days}` } }),
  placeholderData: keepPreviousData,
});
