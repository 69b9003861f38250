import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { claimsQuery, confirmClaimBody, declineClaimBody, repaymentClaimBody } from '@common/schemas/dues';
import { apiError, confirmedClaim, repaymentClaimList, repaymentClaimResult } from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { ClaimService } from './claims.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked by the handlers, so an id that is not one answers 404 as an unknown one does. */
const idParams = z.object({ id: z.string() });

function accountId(params: { id: string }): string {
  if (!uuidPattern.test(params.id)) throw new AppError('credit_account_not_found');
  return params.id;
}

function claimId(params: { id: string }): string {
  if (!uuidPattern.test(params.id)) throw new AppError('claim_not_found');
  return params.id;
}

/**
 * Repayment claims (issue 16; docs/api.md). A customer claims a UPI repayment on their own
 * account; the account's merchant confirms it (the repayment) or declines it. Anyone else's
 * account or claim answers 404, as one that does not exist; a merchant's decisions need
 * an approved business (403 not_approved).
 */
export async function claimRoutes(instance: FastifyInstance, { claims }: { claims: ClaimService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // 409 without a UPI ID at the shop or for a reference already claimed, 422 above what is
  // owed, 429 with too many claims pending.
  app.post('/api/credit-accounts/:id/repayment-claims', {
    config: { access: ['customer'] },
    schema: {
      params: idParams, body: repaymentClaimBody,
      response: { 201: repaymentClaimResult, 404: apiError, 409: apiError, 422: apiError, 429: apiError },
    },
  }, async (request, reply) => {
    const created = await claims.create(requireSession(request).user.id, accountId(request.params), request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/credit-accounts/:id/repayment-claims', {
    config: { access: ['customer', 'business'] },
    schema: { params: idParams, response: { 200: repaymentClaimList, 404: apiError } },
  }, async (request) => claims.listForAccount(requireSession(request).user, accountId(request.params)));

  app.get('/api/business/repayment-claims', {
    config: { access: ['business'] },
    schema: { querystring: claimsQuery, response: { 200: repaymentClaimList } },
  }, async (request) => claims.listForBusiness(requireSession(request).user.id, request.query));

  // 409 for a claim already decided, 422 above the claimed amount or above what is owed now.
  app.post('/api/business/repayment-claims/:id/confirm', {
    config: { access: ['business'] },
    schema: { params: idParams, body: confirmClaimBody, response: { 201: confirmedClaim, 404: apiError, 409: apiError, 422: apiError } },
  }, async (request, reply) => {
    const confirmed = await claims.confirm(requireSession(request).user.id, claimId(request.params), request.body);
    return reply.status(201).send(confirmed);
  });

  app.post('/api/business/repayment-claims/:id/decline', {
    config: { access: ['business'] },
    schema: { params: idParams, body: declineClaimBody, response: { 200: repaymentClaimResult, 404: apiError, 409: apiError } },
  }, async (request) => claims.decline(requireSession(request).user.id, claimId(request.params), request.body));
}
