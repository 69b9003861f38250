/** The reminder SMS routes (docs/product.md#automatic-reminders): parse, authorise, call the reminder service. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, requireShop } from '../../plugins/access';
import { linkOrigin } from '../../plugins/security';
import { fromTable } from '../../route';
import type { ReminderService } from './reminders.service';

export async function reminderRoutes(
  instance: FastifyInstance, { reminders, publicUrl }: { reminders: ReminderService; publicUrl: string | undefined },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A person whose role keeps the reminders reads them; only an approved shop changes or sends (403 not_approved).
  const merchant = { access: ['shop:reminders'] } as const;
  const customer = { access: ['customer'] } as const;

  app.route(fromTable('GET /api/business/reminder-settings', {
    config: merchant,
    handler: async (request) => reminders.settings(requireShop(request)),
  }));

  app.route(fromTable('POST /api/business/reminder-settings', {
    config: merchant,
    handler: async (request) => reminders.saveSettings(requireShop(request), request.body),
  }));

  // The links in the texts point at PUBLIC_URL when set, else at the origin the merchant used (checked).
  app.route(fromTable('GET /api/business/reminder-batches/preview', {
    config: merchant,
    handler: async (request) => reminders.preview(requireShop(request), linkOrigin(request, publicUrl)),
  }));

  // 202: the SMS go in the background; 409 nothing_to_remind; 429 sms_daily_limit with Retry-After.
  app.route(fromTable('POST /api/business/reminder-batches', {
    config: merchant,
    handler: async (request, reply) => {
      const batch = await reminders.sendToAllOverdue(requireShop(request), linkOrigin(request, publicUrl));
      return reply.status(202).send(batch);
    },
  }));

  app.route(fromTable('GET /api/business/reminder-batches/:id', {
    config: merchant, idNotFound: 'reminder_batch_not_found',
    handler: async (request) => reminders.batch(requireShop(request), request.params.id),
  }));

  app.route(fromTable('GET /api/business/credit-accounts/:id/sms-reminders', {
    config: merchant, idNotFound: 'credit_account_not_found',
    handler: async (request) => reminders.accountReminders(requireShop(request), request.params.id),
  }));

  app.route(fromTable('POST /api/business/credit-accounts/:id/reminder-exclusion', {
    config: merchant, idNotFound: 'credit_account_not_found',
    handler: async (request) => reminders.setExclusion(requireShop(request), request.params.id, request.body),
  }));

  app.route(fromTable('POST /api/credit-accounts/:id/reminder-opt-out', {
    config: customer, idNotFound: 'credit_account_not_found',
    handler: async (request) => reminders.setOptOut(requireSession(request).user.id, request.params.id, request.body),
  }));

  // 404 reminder_link_not_found for an unknown, expired or another customer's code alike.
  app.route(fromTable('GET /api/reminder-links/:code', {
    config: customer,
    handler: async (request) => reminders.resolveLink(requireSession(request).user.id, request.params.code),
  }));
}
