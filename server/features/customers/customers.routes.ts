import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/access';
import { fromTable } from '../../route';
import type { CustomerService } from './customers.service';

export async function customerRoutes(instance: FastifyInstance, { customers }: { customers: CustomerService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route(fromTable('GET /api/customer/qr', {
    config: { access: ['customer'] },
    handler: async (request) => customers.paymentCode(requireSession(request).user.id),
  }));
  app.route(fromTable('GET /api/customer/sms-approval', {
    config: { access: ['customer'] },
    handler: async (request) => customers.smsApproval(requireSession(request).user.id),
  }));
  app.route(fromTable('POST /api/customer/sms-approval', {
    config: { access: ['customer'] },
    handler: async (request) => customers.setSmsApproval(requireSession(request).user.id, request.body.enabled),
  }));
}
