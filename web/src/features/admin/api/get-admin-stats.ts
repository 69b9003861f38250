import { useQuery } from '@tanstack/react-query';
import type { AdminBusiness, AdminStats } from '@common/api-types';

export interface AdminStatsResponse {
  stats: AdminStats;
  recentBusinesses: AdminBusiness[];
}

export const adminStatsQueryKey = ['/api/admin/stats'] as const;

/** The counts and the 5 most recent applications (default query function). */
export const useAdminStats = () => useQuery<AdminStatsResponse>({ queryKey: adminStatsQueryKey });
