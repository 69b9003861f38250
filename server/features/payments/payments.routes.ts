import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../idempotency-key';
import { requireCaller, requireSession, requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { TransactionService } from '../transactions/transactions.service';
import type { PaymentService } from './payments.service';

export async function paymentRoutes(
  instance: FastifyInstance, { payments, transactions }: { payments: PaymentService; transactions: TransactionService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/qr/validate', {
    config: { access: ['customer'] },
    handler: async (request) => payments.validate(requireSession(request).user.id, request.body.qrData),
  }));

  // khata_pay checks the session in the payment's own round trip, so the access check
  // does not look it up first.
  app.route(fromTable('POST /api/payments/process', {
    config: { access: ['customer'], sessionCheck: 'in-call' },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const result = await payments.process(requireCaller(request), request.body, key);
      return reply.status(201).send(result);
    },
  }));

  app.route(fromTable('GET /api/transactions/customer', {
    config: { access: ['customer'] },
    handler: async (request) => transactions.forCustomer(requireSession(request).user.id, request.query, request.freshness),
  }));

  // A receipt: one row of the caller's own ledger, as the histories show it.
  app.route(fromTable('GET /api/transactions/:id', {
    config: { access: ['customer', 'shop:history'] }, idNotFound: 'transaction_not_found',
    handler: async (request) => {
      const { user } = requireSession(request);
      const owner = user.role === 'customer' ? { customerId: user.id } : { businessId: requireShop(request).businessId };
      return { transaction: await transactions.findOwn(owner, request.params.id.toLowerCase()) };
    },
  }));

  // Every role reads today's payments; a role without the whole history, only those.
  app.route(fromTable('GET /api/transactions/business', {
    config: { access: ['shop:payments.today'] },
    handler: async (request) => transactions.forBusiness(requireShop(request), { ...request.query, businessId: undefined }, request.freshness),
  }));
}
