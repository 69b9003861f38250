import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
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
    config: { access: ['shop:history'] },
    handler: async (request) => ({ stats: await stats.businessStats(requireShop(request).businessId) }),
  }));

  // The credit period and UPI ID: a pending merchant reads them, an approved one's owner changes them.
  app.route(fromTable('GET /api/business/settings', {
    config: { access: ['shop:shop.view'] },
    handler: async (request) => businesses.settings(requireShop(request)),
  }));

  // Changing them needs the PIN confirmed on this session in the last few minutes
  // (pinConfirmationFreshSeconds): a UPI ID changed by someone holding the phone would
  // send every customer's repayment to them.
  app.route(fromTable('POST /api/business/settings', {
    config: { access: ['shop:settings'] },
    handler: async (request) => {
      const actor = requireShop(request);
      await sessions.requireRecentPin(requireSession(request).tokenHash);
      return businesses.changeSettings(actor, request.body);
    },
  }));
}
