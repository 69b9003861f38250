import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError, customerQr } from '@common/schemas/responses';
import { requireSession } from '../../plugins/access';
import type { CustomerService } from './customers.service';

export async function customerRoutes(instance: FastifyInstance, { customers }: { customers: CustomerService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/customer/qr', {
    config: { access: ['customer'] }, schema: { response: { 200: customerQr, 404: apiError } },
  }, async (request) =>
    customers.paymentCode(requireSession(request).user.id));
}
