import { useBusinessList } from './business-list';

export const pendingBusinessesUrl = '/api/admin/businesses/pending';

/** Applications waiting for a decision, newest first. */
export const usePendingBusinesses = () => useBusinessList(pendingBusinessesUrl);
