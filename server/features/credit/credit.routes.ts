import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { CreditService } from './credit.service';

export async function creditRoutes(instance: FastifyInstance, { credit }: { credit: CreditService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('GET /api/credit-accounts/customer', {
    config: { access: ['customer'] },
    handler: async (request) => ({ creditAccounts: await credit.listForCustomer(requireSession(request).user.id) }),
  }));

  app.route(fromTable('GET /api/credit-accounts/business', {
    config: { access: ['shop:shop.view'] },
    handler: async (request) => ({ creditAccounts: await credit.listForBusiness(requireShop(request)) }),
  }));

  // A shop's writes answer 403 until an admin approves the business.
  app.route(fromTable('POST /api/business/create-credit-account', {
    config: { access: ['shop:customers'] },
    handler: async (request, reply) => {
      const created = await credit.create(requireShop(request), request.body);
      return reply.status(201).send(created);
    },
  }));

  app.route(fromTable('POST /api/business/credit-accounts/:id/limit', {
    config: { access: ['shop:customers'] }, idNotFound: 'credit_account_not_found',
    handler: async (request) => credit.changeLimit(requireShop(request), request.params.id, request.body),
  }));

  app.route(fromTable('POST /api/business/credit-accounts/:id/repayment', {
    config: { access: ['shop:repayments'] }, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const recorded = await credit.recordRepayment(requireShop(request), request.params.id, request.body);
      return reply.status(201).send(recorded);
    },
  }));
}
