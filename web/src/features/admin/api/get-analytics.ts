import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '@common/api-types';

/** The periods the Analytics tab offers, in days (issue 15). */
export const analyticsPeriodsDays = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof analyticsPeriodsDays)[number];

export const analyticsUrl = (days: AnalyticsPeriodDays): string => `/api/admin/analytics?days=${days}`;

/**
 * The platform's figures for the last `days` days (default query function). A new period
 * keeps the previous one's figures on screen until its own arrive, so the tab does not
 * jump back to a spinner at every choice.
 */
export const useAnalytics = (days: AnalyticsPeriodDays) =>
  useQuery<{ analytics: AdminAnalytics }>({ queryKey: [analyticsUrl(days)], placeholderData: keepPreviousData });
