import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessListPageSizeMax, recentBusinessesCount } from '@common/limits';
import { analyticsPeriodDaysDefault } from '@common/schemas/admin';
import type { BusinessListQuery } from '@common/schemas/params';
import { requireSession } from '../../plugins/access';
import { fromTable } from '../../route';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { BusinessService } from '../businesses/businesses.service';
import type { StatsService } from '../stats/stats.service';

const admin = { access: ['admin'] } as const;

export async function adminRoutes(
  instance: FastifyInstance,
  { businesses, stats, analytics }: { businesses: BusinessService; stats: StatsService; analytics: AnalyticsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const page = (query: BusinessListQuery) =>
    Math.min(Math.max(query.limit ?? businessListPageSizeMax, 1), businessListPageSizeMax);

  app.route(fromTable('GET /api/admin/businesses/pending', {
    config: admin,
    handler: async (request) => {
      const query = request.query;
      return businesses.list({ status: 'pending', limit: page(query), cursor: query.cursor });
    },
  }));

  app.route(fromTable('GET /api/admin/businesses', {
    config: admin,
    handler: async (request) => {
      const query = request.query;
      return businesses.list({ status: query.status, limit: page(query), cursor: query.cursor });
    },
  }));

  app.route(fromTable('POST /api/admin/businesses/approve', {
    config: admin,
    handler: async (request) => {
      const updated = await businesses.decide(requireSession(request).user.id, request.body);
      return { success: true as const, updated };
    },
  }));

  app.route(fromTable('POST /api/admin/businesses/:id/terms', {
    config: admin, idNotFound: 'business_not_found',
    handler: async (request) => ({ business: await businesses.setTerms(request.params.id, request.body) }),
  }));

  app.route(fromTable('GET /api/admin/stats', {
    config: admin,
    handler: async () => {
      const [counts, recent] = await Promise.all([
        stats.adminStats(),
        businesses.list({ limit: recentBusinessesCount }),
      ]);
      return { stats: counts, recentBusinesses: recent.businesses };
    },
  }));

  // The Analytics tab: the last 7, 30 or 90 India days, from rollups.
  app.route(fromTable('GET /api/admin/analytics', {
    config: admin,
    handler: async (request) => ({
      analytics: await analytics.read(Number(request.query.days ?? analyticsPeriodDaysDefault), request.freshness),
    }),
  }));
}
