import type { FastifyInstance } from 'fastify';
import { changeLimitBody, createCreditAccountBody } from '@common/schemas/credit';
import { repaymentBody } from '@common/schemas/payments';
import { AppError, parseInput } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { CreditService } from './credit.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function accountId(params: unknown): string {
  const { id } = params as { id: string };
  if (!uuidPattern.test(id)) throw new AppError('credit_account_not_found');
  return id;
}

export async function creditRoutes(app: FastifyInstance, { credit }: { credit: CreditService }) {
  app.get('/api/credit-accounts/customer', { config: { access: ['customer'] } }, async (request) =>
    ({ creditAccounts: await credit.listForCustomer(requireSession(request).user.id) }));

  app.get('/api/credit-accounts/business', { config: { access: ['business'] } }, async (request) =>
    ({ creditAccounts: await credit.listForBusiness(requireSession(request).user.id) }));

  app.post('/api/business/create-credit-account', { config: { access: ['business'] } }, async (request, reply) => {
    const body = parseInput(createCreditAccountBody, request.body);
    const created = await credit.create(requireSession(request).user.id, body);
    return reply.status(201).send(created);
  });

  app.post('/api/business/credit-accounts/:id/limit', { config: { access: ['business'] } }, async (request) => {
    const body = parseInput(changeLimitBody, request.body);
    return credit.changeLimit(requireSession(request).user.id, accountId(request.params), body);
  });

  app.post('/api/business/credit-accounts/:id/repayment', { config: { access: ['business'] } }, async (request, reply) => {
    const body = parseInput(repaymentBody, request.body);
    const recorded = await credit.recordRepayment(requireSession(request).user.id, accountId(request.params), body);
    return reply.status(201).send(recorded);
  });
}
