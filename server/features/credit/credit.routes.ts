import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/access';
import { fromTable } from '../../route';
import type { CreditService } from './credit.service';

export async function creditRoutes(instance: FastifyInstance, { credit }: { credit: CreditService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A merchant's writes answer 403 until an admin approves the business.
  const merchantWrite = { access: ['business'] } as const;

  app.route(fromTable('GET /api/credit-accounts/customer', {
    config: { access: ['customer'] },
    handler: async (request) => ({ creditAccounts: await credit.listForCustomer(requireSession(request).user.id) }),
  }));

  app.route(fromTable('GET /api/credit-accounts/business', {
    config: { access: ['business'] },
    handler: async (request) => ({ creditAccounts: await credit.listForBusiness(requireSession(request).user.id) }),
  }));

  app.route(fromTable('POST /api/business/create-credit-account', {
    config: merchantWrite,
    handler: async (request, reply) => {
      const created = await credit.create(requireSession(request).user.id, request.body);
      return reply.status(201).send(created);
    },
  }));

  app.route(fromTable('POST /api/business/credit-accounts/:id/limit', {
    config: merchantWrite, idNotFound: 'credit_account_not_found',
    handler: async (request) => credit.changeLimit(requireSession(request).user.id, request.params.id, request.body),
  }));

  app.route(fromTable('POST /api/business/credit-accounts/:id/repayment', {
    config: merchantWrite, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const recorded = await credit.recordRepayment(requireSession(request).user.id, request.params.id, request.body);
      return reply.status(201).send(recorded);
    },
  }));
}
