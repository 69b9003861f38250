import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../plugins/access';
import type { CustomerService } from './customers.service';

export async function customerRoutes(app: FastifyInstance, { customers }: { customers: CustomerService }) {
  app.get('/api/customer/qr', { config: { access: ['customer'] } }, async (request) =>
    customers.paymentCode(requireSession(request).user.id));
}
