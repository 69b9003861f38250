import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import { fromTable } from '../../route';
import type { SessionService } from '../sessions/sessions.service';
import type { StatsService } from '../stats/stats.service';
import type { BusinessService } from './businesses.service';

export async function businessRoutes(
  instance: FastifyInstance,
  { businesses, stats, sessions }: { businesses: BusinessService; stats: StatsService; sessions: SessionService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The dashboard's stat cards, from counters kept in the transactions that change them.
  app.route(fromTable('GET /api/business/stats', {
    config: { access: ['business'] },
    handler: async (request) => {
      const business = await businesses.findOwn(requireSession(request).user.id);
      if (!business) throw new AppError('business_not_found');
      return { stats: await stats.businessStats(business.id) };
    },
  }));

  // The credit period and UPI ID: a pending merchant reads them, an approved one changes them.
  app.route(fromTable('GET /api/business/settings', {
    config: { access: ['business'] },
    handler: async (request) => businesses.settings(requireSession(request).user.id),
  }));

  // Changing them needs the PIN confirmed on this session in the last few minutes
  // (pinConfirmationFreshSeconds): a UPI ID changed by someone holding the phone would
  // send every customer's repayment to them.
  app.route(fromTable('POST /api/business/settings', {
    config: { access: ['business'] },
    handler: async (request) => {
      const { tokenHash, user } = requireSession(request);
      await sessions.requireRecentPin(tokenHash);
      return businesses.changeSettings(user.id, request.body);
    },
  }));
}
