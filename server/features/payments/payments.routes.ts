import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { historyQuery, processPaymentBody, validateQrBody } from '@common/schemas/payments';
import { apiError, paymentResult, qrValidation, transactionPage } from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireCaller, requireSession } from '../../plugins/access';
import type { TransactionService } from '../transactions/transactions.service';
import type { PaymentService } from './payments.service';

const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Checked in the handler, so an id that is not one answers 404 as an unknown one does. */
const transactionParams = z.object({ id: z.string() });

export async function paymentRoutes(
  instance: FastifyInstance, { payments, transactions }: { payments: PaymentService; transactions: TransactionService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A code that is not one (400), unknown (404), used (409), expired or not payable here (422).
  const codeRefusals = { 400: apiError, 404: apiError, 409: apiError, 422: apiError };

  app.post('/api/qr/validate', {
    config: { access: ['customer'] }, schema: { body: validateQrBody, response: { 200: qrValidation, ...codeRefusals } },
  }, async (request) => {
    const body = request.body;
    return payments.validate(requireSession(request).user.id, body.qrData);
  });

  // Beyond the code's refusals: a wrong PIN (403), a reused Idempotency-Key (409), a lock (429).
  // khata_pay checks the session in the payment's own round trip (issue 11).
  app.post('/api/payments/process', {
    config: { access: ['customer'], sessionCheck: 'in-call' },
    schema: { body: processPaymentBody, response: { 201: paymentResult, ...codeRefusals, 401: apiError, 403: apiError, 429: apiError } },
  }, async (request, reply) => {
    const body = request.body;
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !idempotencyKeyPattern.test(key))) {
      throw new AppError('idempotency_key_invalid');
    }
    const result = await payments.process(requireCaller(request), body, key);
    return reply.status(201).send(result);
  });

  app.get('/api/transactions/customer', {
    config: { access: ['customer'] }, schema: { querystring: historyQuery, response: { 200: transactionPage } },
  }, async (request) =>
    transactions.forCustomer(requireSession(request).user.id, request.query));

  // A receipt (issue 14): one row of the caller's own ledger, as the histories show it.
  app.get('/api/transactions/:id', {
    config: { access: ['customer', 'business'] },
    schema: { params: transactionParams, response: { 200: paymentResult, 404: apiError } },
  }, async (request) => {
    const { user } = requireSession(request);
    const { id } = request.params;
    if (!uuidPattern.test(id)) throw new AppError('transaction_not_found');
    return { transaction: await transactions.findOwn(user, id.toLowerCase()) };
  });

  app.get('/api/transactions/business', {
    config: { access: ['business'] }, schema: { querystring: historyQuery, response: { 200: transactionPage } },
  }, async (request) => {
    const query = request.query;
    return transactions.forBusiness(requireSession(request).user.id, { ...query, businessId: undefined });
  });
}
