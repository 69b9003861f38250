/**
 * What the admin calls share: the list page shape, and the prefix of every admin query, so
 * a decision refetches both lists and the counts (app/stale-queries.ts).
 */
import type { Answer } from '@/lib/api-client';

/** One page of a business list, as both lists answer it. */
export type BusinessPage = Answer<'GET /api/admin/businesses'>;

/** Every admin query (stats, pending, all and per-status lists) starts with this. */
export const adminQueryPrefix = '/api/admin/';
