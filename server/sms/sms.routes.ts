/**
 * The SMS vendors' delivery reports and the admin's SMS figures. The reports come without a
 * session: Twilio's are signed (X-Twilio-Signature over the callback URL and the form), and
 * MSG91's, which carry no signature, come to a URL holding a secret token. Both are checked
 * before the body is (preValidation), so a caller without the secret learns nothing from a
 * 400. Their form-encoded bodies are parsed here alone: every other route stays JSON-only.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { smsUsageDays } from '@common/limits';
import { linkOrigin } from '../plugins/security';
import { fromTable } from '../route';
import type { SmsService } from './sms.service';

const twilioStatusPath = '/api/sms/twilio/status';

export async function smsRoutes(instance: FastifyInstance, { sms, publicUrl }: { sms: SmsService; publicUrl: string | undefined }) {
  await instance.register(formbody);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // The URL Twilio signed: the StatusCallback Khata gave it, under PUBLIC_URL (else the
  // address the request came to, as Twilio's own libraries check it).
  const twilioUrl = (request: FastifyRequest) => `${linkOrigin(request, publicUrl)}${twilioStatusPath}`;

  app.route(fromTable(`POST ${twilioStatusPath}`, {
    config: { access: 'public' },
    preValidation: async (request) => {
      const signature = request.headers['x-twilio-signature'];
      sms.checkTwilioSignature(twilioUrl(request), request.body, typeof signature === 'string' ? signature : undefined);
    },
    handler: async (request) => {
      await sms.twilioReport(request.body);
      return { success: true as const };
    },
  }));

  app.route(fromTable('POST /api/sms/msg91/status/:token', {
    config: { access: 'public' },
    preValidation: async (request) => {
      const { token } = request.params as { token?: unknown };
      sms.checkMsg91Token(typeof token === 'string' ? token : '');
    },
    handler: async (request) => {
      await sms.msg91Report(request.body);
      return { success: true as const };
    },
  }));

  app.route(fromTable('GET /api/admin/sms-usage', {
    config: { access: ['admin'] },
    handler: async (request) => sms.usage(Number(request.query.days ?? smsUsageDays)),
  }));
}
