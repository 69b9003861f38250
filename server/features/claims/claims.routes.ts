import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { ClaimService } from './claims.service';

/**
 * Repayment claims (docs/api.md). A customer claims a UPI repayment on their own account;
 * the account's merchant confirms it (the repayment) or declines it. Anyone else's account
 * or claim answers 404, as one that does not exist; a merchant's decisions need an approved
 * business (403 not_approved) and a person whose role decides claims.
 */
export async function claimRoutes(instance: FastifyInstance, { claims }: { claims: ClaimService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/credit-accounts/:id/repayment-claims', {
    config: { access: ['customer'] }, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const created = await claims.create(requireSession(request).user.id, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  }));

  app.route(fromTable('GET /api/credit-accounts/:id/repayment-claims', {
    config: { access: ['customer', 'shop:claims'] }, idNotFound: 'credit_account_not_found',
    handler: async (request) => {
      const { user } = requireSession(request);
      return claims.listForAccount(user.role === 'customer' ? { customerId: user.id } : requireShop(request), request.params.id);
    },
  }));

  app.route(fromTable('GET /api/business/repayment-claims', {
    config: { access: ['shop:claims'] },
    handler: async (request) => claims.listForBusiness(requireShop(request), request.query),
  }));

  app.route(fromTable('POST /api/business/repayment-claims/:id/confirm', {
    config: { access: ['shop:claims'] }, idNotFound: 'claim_not_found',
    handler: async (request, reply) => {
      const confirmed = await claims.confirm(requireShop(request), request.params.id, request.body);
      return reply.status(201).send(confirmed);
    },
  }));

  app.route(fromTable('POST /api/business/repayment-claims/:id/decline', {
    config: { access: ['shop:claims'] }, idNotFound: 'claim_not_found',
    handler: async (request) => claims.decline(requireShop(request), request.params.id, request.body),
  }));
}
