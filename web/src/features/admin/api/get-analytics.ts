import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

/** The periods the Analytics tab offers, in days. */
export const analyticsPeriodsDays = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof analyticsPeriodsDays)[number];

/**
 * The platform's figures for the last `days` days. A new period keeps the previous one's
 * figures on screen until its own arrive, so the tab does not jump back to a spinner at
 * every choice.
 */
export const useAnalytics = (days: AnalyticsPeriodDays) => useQuery({
  ...queryOptionsFor('GET /api/admin/analytics', { query: { days: `${days}` } }),
  placeholderData: keepPreviousData,
});
