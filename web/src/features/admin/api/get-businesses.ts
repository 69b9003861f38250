import type { BusinessStatus } from '@common/api/types';
import { useBusinessList } from './business-list';

/** Every business, or those of one status, newest first. */
export const useBusinesses = (status?: BusinessStatus) => useBusinessList('GET /api/admin/businesses', status);
