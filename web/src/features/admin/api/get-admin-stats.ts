import { useQuery } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api-request';

/** The counts and the 5 most recent applications. */
export const useAdminStats = () => useQuery(queryOptionsFor('GET /api/admin/stats', {}));
