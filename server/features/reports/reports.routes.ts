import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { ReportService } from './reports.service';

/**
 * Payment reports (docs/api.md). A customer reports a problem with their own payment; its
 * merchant lists the reports and declines one (a refund answers one through the refund
 * route). Anyone else's payment or report answers 404, as one that does not exist; a
 * decline needs an approved business (403 not_approved) and a person whose role decides claims.
 */
export async function reportRoutes(instance: FastifyInstance, { reports }: { reports: ReportService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/transactions/:id/report', {
    config: { access: ['customer'] }, idNotFound: 'transaction_not_found',
    handler: async (request, reply) => {
      const created = await reports.create(requireSession(request).user.id, request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(created);
    },
  }));

  app.route(fromTable('GET /api/business/payment-reports', {
    config: { access: ['shop:claims'] },
    handler: async (request) => reports.listForBusiness(requireShop(request), request.query),
  }));

  app.route(fromTable('POST /api/business/payment-reports/:id/decline', {
    config: { access: ['shop:claims'] }, idNotFound: 'report_not_found',
    handler: async (request) => reports.decline(requireShop(request), request.params.id.toLowerCase(), request.body),
  }));
}
