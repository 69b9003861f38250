import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../idempotency-key';
import { requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { RefundService } from './refunds.service';

/**
 * Refunds and reversals (docs/api.md). A person at an approved shop (403 not_approved
 * otherwise) whose role refunds refunds one of its payments or reverses one of its cash
 * repayments with their own PIN, up to their limits; another business's row answers 404,
 * as one that does not exist.
 */
export async function refundRoutes(instance: FastifyInstance, { refunds }: { refunds: RefundService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/business/transactions/:id/refund', {
    config: { access: ['shop:refunds'] }, idNotFound: 'transaction_not_found',
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const refunded = await refunds.refund(requireShop(request), request.params.id.toLowerCase(), request.body, key);
      return reply.status(201).send(refunded);
    },
  }));

  app.route(fromTable('POST /api/business/transactions/:id/reversal', {
    config: { access: ['shop:refunds'] }, idNotFound: 'transaction_not_found',
    handler: async (request, reply) => {
      const reversed = await refunds.reverse(requireShop(request), request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(reversed);
    },
  }));
}
