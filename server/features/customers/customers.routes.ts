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
}
