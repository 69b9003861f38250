import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { dueDateBody, reminderBody } from '@common/schemas/dues';
import { apiError, changedCreditAccount, reminderDraft, reminderSent, toCollect } from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import { linkOrigin } from '../../plugins/security';
import type { DuesService } from './dues.service';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a uuid answers 404, as an unknown one does. */
function accountId(params: unknown): string {
  const { id } = params as { id: string };
  if (!uuidPattern.test(id)) throw new AppError('credit_account_not_found');
  return id;
}

const accountParams = z.object({ id: z.string() });

export async function duesRoutes(
  instance: FastifyInstance, { dues, publicUrl }: { dues: DuesService; publicUrl: string | undefined },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A merchant's writes answer 403 until an admin approves the business.
  const merchant = { access: ['business'] } as const;

  app.post('/api/business/credit-accounts/:id/due-date', {
    config: merchant,
    schema: {
      params: accountParams, body: dueDateBody,
      response: { 200: changedCreditAccount, 404: apiError, 409: apiError, 422: apiError },
    },
  }, async (request) => dues.moveDueDate(requireSession(request).user.id, accountId(request.params), request.body));

  app.get('/api/business/to-collect', {
    config: merchant, schema: { response: { 200: toCollect } },
  }, async (request) => dues.toCollect(requireSession(request).user.id));

  // The link in the text points at PUBLIC_URL when set, else at the origin the merchant used (checked).
  app.get('/api/business/credit-accounts/:id/reminder', {
    config: merchant, schema: { params: accountParams, response: { 200: reminderDraft, 404: apiError, 409: apiError } },
  }, async (request) => dues.reminderDraft(
    requireSession(request).user.id, accountId(request.params), linkOrigin(request, publicUrl),
  ));

  app.post('/api/business/credit-accounts/:id/reminders', {
    config: merchant,
    schema: { params: accountParams, body: reminderBody, response: { 201: reminderSent, 404: apiError, 429: apiError } },
  }, async (request, reply) => {
    // 429 reminder_limit once the day's reminders are used up, with Retry-After until India midnight.
    const sent = await dues.recordReminder(requireSession(request).user.id, accountId(request.params), request.body);
    return reply.status(201).send(sent);
  });
}
