import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../idempotency-key';
import { requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { ChargeService } from './charges.service';
import type { EnrolmentService } from './enrolments.service';

/**
 * Consent by SMS code (docs/api.md): a person of an approved shop (403 not_approved
 * otherwise) whose role may (charges; new customers for a sign-up) starts a charge on one of its accounts or a sign-up at the counter, and confirms
 * it with the code the customer read out. Another business's charge, sign-up or account
 * answers 404, as one that does not exist.
 */
export async function chargeRoutes(
  instance: FastifyInstance, { charges, enrolments }: { charges: ChargeService; enrolments: EnrolmentService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/business/credit-accounts/:id/charges', {
    config: { access: ['shop:charges'] }, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const started = await charges.start(requireShop(request), request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(started);
    },
  }));

  app.route(fromTable('POST /api/business/charges/:id/confirm', {
    config: { access: ['shop:charges'] }, idNotFound: 'charge_not_found',
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const paid = await charges.confirm(requireShop(request), request.params.id.toLowerCase(), request.body, key);
      return reply.status(201).send(paid);
    },
  }));

  app.route(fromTable('POST /api/business/counter-customers', {
    config: { access: ['shop:customers'] },
    handler: async (request, reply) => reply.status(201).send(await enrolments.start(requireShop(request), request.body)),
  }));

  app.route(fromTable('POST /api/business/counter-customers/:id/confirm', {
    config: { access: ['shop:customers'] }, idNotFound: 'enrolment_not_found',
    handler: async (request, reply) => {
      const opened = await enrolments.confirm(requireShop(request), request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(opened);
    },
  }));
}
