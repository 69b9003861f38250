import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../idempotency-key';
import { requireSession } from '../../plugins/access';
import { fromTable } from '../../route';
import type { ChargeService } from './charges.service';
import type { EnrolmentService } from './enrolments.service';

/**
 * Consent by SMS code (docs/api.md): the merchant of an approved business (403 not_approved
 * otherwise) starts a charge on one of its accounts or a sign-up at the counter, and confirms
 * it with the code the customer read out. Another business's charge, sign-up or account
 * answers 404, as one that does not exist.
 */
export async function chargeRoutes(
  instance: FastifyInstance, { charges, enrolments }: { charges: ChargeService; enrolments: EnrolmentService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/business/credit-accounts/:id/charges', {
    config: { access: ['business'] }, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const started = await charges.start(requireSession(request).user.id, request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(started);
    },
  }));

  app.route(fromTable('POST /api/business/charges/:id/confirm', {
    config: { access: ['business'] }, idNotFound: 'charge_not_found',
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const paid = await charges.confirm(requireSession(request).user.id, request.params.id.toLowerCase(), request.body, key);
      return reply.status(201).send(paid);
    },
  }));

  app.route(fromTable('POST /api/business/counter-customers', {
    config: { access: ['business'] },
    handler: async (request, reply) => reply.status(201).send(await enrolments.start(requireSession(request).user.id, request.body)),
  }));

  app.route(fromTable('POST /api/business/counter-customers/:id/confirm', {
    config: { access: ['business'] }, idNotFound: 'enrolment_not_found',
    handler: async (request, reply) => {
      const opened = await enrolments.confirm(requireSession(request).user.id, request.params.id.toLowerCase(), request.body);
      return reply.status(201).send(opened);
    },
  }));
}
