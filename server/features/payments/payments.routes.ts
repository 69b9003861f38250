import type { FastifyInstance } from 'fastify';
import { historyQuery, processPaymentBody, validateQrBody } from '@common/schemas/payments';
import { AppError, parseInput } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { TransactionService } from '../transactions/transactions.service';
import type { PaymentService } from './payments.service';

const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;

export async function paymentRoutes(
  app: FastifyInstance, { payments, transactions }: { payments: PaymentService; transactions: TransactionService },
) {
  app.post('/api/qr/validate', { config: { access: ['customer'] } }, async (request) => {
    const body = parseInput(validateQrBody, request.body);
    return payments.validate(requireSession(request).user.id, body.qrData);
  });

  app.post('/api/payments/process', { config: { access: ['customer'] } }, async (request, reply) => {
    const body = parseInput(processPaymentBody, request.body);
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !idempotencyKeyPattern.test(key))) {
      throw new AppError('idempotency_key_invalid');
    }
    const result = await payments.process(requireSession(request).user, body, key);
    return reply.status(201).send(result);
  });

  app.get('/api/transactions/customer', { config: { access: ['customer'] } }, async (request) =>
    transactions.forCustomer(requireSession(request).user.id, parseInput(historyQuery, request.query)));

  app.get('/api/transactions/business', { config: { access: ['business'] } }, async (request) => {
    const query = parseInput(historyQuery, request.query);
    return transactions.forBusiness(requireSession(request).user.id, { ...query, businessId: undefined });
  });
}
