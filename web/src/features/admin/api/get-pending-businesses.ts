import { useBusinessList } from './business-list';

/** Applications waiting for a decision, newest first. */
export const usePendingBusinesses = () => useBusinessList('GET /api/admin/businesses/pending');
