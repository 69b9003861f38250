import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { businessListPageSizeMax, recentBusinessesCount } from '@common/limits';
import { analyticsPeriodDaysDefault, analyticsQuery, businessTermsBody, decideBusinessesBody } from '@common/schemas/admin';
import {
  adminAnalyticsResponse, adminStatsResponse, apiError, businessPage, decideResponse, termsResponse,
} from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { StatsService } from '../stats/stats.service';

const listQuery = z.object({
  status: z.optional(z.enum(['pending', 'approved', 'rejected'], 'Status must be pending, approved or rejected')),
  limit: z.optional(z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, `Limit must be a number from 1 to ${businessListPageSizeMax}`)),
    z.transform(Number),
  )),
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid'))),
});

const admin = { access: ['admin'] } as const;

/** A business id as PostgreSQL reads a uuid; anything looser would fail there with a 500. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked in the handler, so an id that is not one answers 404 as an unknown one does. */
const businessParams = z.object({ id: z.string() });

export async function adminRoutes(
  instance: FastifyInstance,
  { businesses, stats, analytics }: { businesses: BusinessService; stats: StatsService; analytics: AnalyticsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const page = (query: z.infer<typeof listQuery>) =>
    Math.min(Math.max(query.limit ?? businessListPageSizeMax, 1), businessListPageSizeMax);

  app.get('/api/admin/businesses/pending', {
    config: admin, schema: { querystring: listQuery, response: { 200: businessPage } },
  }, async (request) => {
    const query = request.query;
    return businesses.list({ status: 'pending', limit: page(query), cursor: query.cursor });
  });

  app.get('/api/admin/businesses', {
    config: admin, schema: { querystring: listQuery, response: { 200: businessPage } },
  }, async (request) => {
    const query = request.query;
    return businesses.list({ status: query.status, limit: page(query), cursor: query.cursor });
  });

  // 404 for an unknown business, 409 for one already decided, 422 for terms above the maximum.
  app.post('/api/admin/businesses/approve', {
    config: admin,
    schema: { body: decideBusinessesBody, response: { 200: decideResponse, 404: apiError, 409: apiError, 422: apiError } },
  }, async (request) => {
    const body = request.body;
    const updated = await businesses.decide(requireSession(request).user.id, body);
    return { success: true as const, updated };
  });

  app.post('/api/admin/businesses/:id/terms', {
    config: admin,
    schema: { params: businessParams, body: businessTermsBody, response: { 200: termsResponse, 404: apiError, 422: apiError } },
  }, async (request) => {
    const { id } = request.params;
    if (!uuidPattern.test(id)) throw new AppError('business_not_found');
    return { business: await businesses.setTerms(id, request.body) };
  });

  app.get('/api/admin/stats', { config: admin, schema: { response: { 200: adminStatsResponse } } }, async () => {
    const [counts, recent] = await Promise.all([
      stats.adminStats(),
      businesses.list({ limit: recentBusinessesCount }),
    ]);
    return { stats: counts, recentBusinesses: recent.businesses };
  });

  // The Analytics tab (issue 15): the last 7, 30 or 90 India days, from rollups.
  app.get('/api/admin/analytics', {
    config: admin, schema: { querystring: analyticsQuery, response: { 200: adminAnalyticsResponse, 400: apiError } },
  }, async (request) => ({
    analytics: await analytics.read(Number(request.query.days ?? analyticsPeriodDaysDefault)),
  }));
}
