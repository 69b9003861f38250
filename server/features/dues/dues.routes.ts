import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireShop } from '../../plugins/access';
import { linkOrigin } from '../../plugins/security';
import { fromTable } from '../../route';
import type { DuesService } from './dues.service';

export async function duesRoutes(
  instance: FastifyInstance, { dues, publicUrl }: { dues: DuesService; publicUrl: string | undefined },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A person whose role keeps the dues; their writes answer 403 until an admin approves the business.
  const merchant = { access: ['shop:reminders'] } as const;

  app.route(fromTable('POST /api/business/credit-accounts/:id/due-date', {
    config: merchant, idNotFound: 'credit_account_not_found',
    handler: async (request) => dues.moveDueDate(requireShop(request), request.params.id, request.body),
  }));

  app.route(fromTable('GET /api/business/to-collect', {
    config: merchant,
    handler: async (request) => dues.toCollect(requireShop(request)),
  }));

  // The link in the text points at PUBLIC_URL when set, else at the origin the merchant used (checked).
  app.route(fromTable('GET /api/business/credit-accounts/:id/reminder', {
    config: merchant, idNotFound: 'credit_account_not_found',
    handler: async (request) => dues.reminderDraft(
      requireShop(request), request.params.id, linkOrigin(request, publicUrl),
    ),
  }));

  // 429 reminder_limit once the day's reminders are used up, with Retry-After until India midnight.
  app.route(fromTable('POST /api/business/credit-accounts/:id/reminders', {
    config: merchant, idNotFound: 'credit_account_not_found',
    handler: async (request, reply) => {
      const sent = await dues.recordReminder(requireShop(request), request.params.id, request.body);
      return reply.status(201).send(sent);
    },
  }));
}
