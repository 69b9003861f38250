import type { BusinessStatus } from '@common/api-types';
import { useBusinessList } from './business-list';

export const businessesUrl = (status?: BusinessStatus): string =>
  status ? `/api/admin/businesses?status=${status}` : '/api/admin/businesses';

/** Every business, or those of one status, newest first. */
export const useBusinesses = (status?: BusinessStatus) => useBusinessList(businessesUrl(status));
