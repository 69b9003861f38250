import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { changeLimitBody, createCreditAccountBody } from '@common/schemas/credit';
import { repaymentBody } from '@common/schemas/payments';
import {
  apiError, businessCreditAccounts, changedCreditAccount, createdCreditAccount, customerCreditAccounts, repaymentResult,
} from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { CreditService } from './credit.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function accountId(params: unknown): string {
  const { id } = params as { id: string };
  if (!uuidPattern.test(id)) throw new AppError('credit_account_not_found');
  return id;
}

/** Checked by accountId, so an id that is not one answers 404 as an unknown one does. */
const accountParams = z.object({ id: z.string() });

export async function creditRoutes(instance: FastifyInstance, { credit }: { credit: CreditService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A merchant's writes answer 403 until an admin approves the business.
  const merchantWrite = { access: ['business'] } as const;

  app.get('/api/credit-accounts/customer', {
    config: { access: ['customer'] }, schema: { response: { 200: customerCreditAccounts } },
  }, async (request) =>
    ({ creditAccounts: await credit.listForCustomer(requireSession(request).user.id) }));

  app.get('/api/credit-accounts/business', {
    config: { access: ['business'] }, schema: { response: { 200: businessCreditAccounts } },
  }, async (request) =>
    ({ creditAccounts: await credit.listForBusiness(requireSession(request).user.id) }));

  // 404 for an unknown payment handle, 409 for a customer who already has an account, 422 above the maximum.
  app.post('/api/business/create-credit-account', {
    config: merchantWrite,
    schema: { body: createCreditAccountBody, response: { 201: createdCreditAccount, 404: apiError, 409: apiError, 422: apiError } },
  }, async (request, reply) => {
    const body = request.body;
    const created = await credit.create(requireSession(request).user.id, body);
    return reply.status(201).send(created);
  });

  app.post('/api/business/credit-accounts/:id/limit', {
    config: merchantWrite,
    schema: { params: accountParams, body: changeLimitBody, response: { 200: changedCreditAccount, 404: apiError, 422: apiError } },
  }, async (request) => {
    const body = request.body;
    return credit.changeLimit(requireSession(request).user.id, accountId(request.params), body);
  });

  // 422 for a repayment above what is owed.
  app.post('/api/business/credit-accounts/:id/repayment', {
    config: merchantWrite,
    schema: { params: accountParams, body: repaymentBody, response: { 201: repaymentResult, 404: apiError, 422: apiError } },
  }, async (request, reply) => {
    const body = request.body;
    const recorded = await credit.recordRepayment(requireSession(request).user.id, accountId(request.params), body);
    return reply.status(201).send(recorded);
  });
}
