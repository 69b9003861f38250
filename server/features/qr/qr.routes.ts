import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { qrExpiryMinutesMax } from '@common/limits';
import type { qrCodeView } from '@common/schemas/responses';
import { AppError } from '../../errors';
import { requireSession, requireShop } from '../../plugins/access';
import { linkOrigin } from '../../plugins/security';
import { fromTable } from '../../route';
import type { QrService } from './qr.service';

export async function qrRoutes(instance: FastifyInstance, { qr, publicUrl }: { qr: QrService; publicUrl: string | undefined }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** The origin written into codes: PUBLIC_URL, or the one this request came to, checked. */
  const originOf = (request: FastifyRequest) => linkOrigin(request, publicUrl);

  // A counter session (docs/security.md, "Counter mode") keeps the shop's plain static code
  // showing: it lists the active ones and makes one at the longest expiry, with no amount
  // and no description (customers read a description before they pay), nothing else. It acts
  // as the person who opened it, for their shop.
  const isCounter = (request: FastifyRequest) => requireSession(request).user.role === 'counter';
  const refuseCounter = (request: FastifyRequest, allowed: boolean) => {
    if (isCounter(request) && !allowed) throw new AppError('counter_session');
  };
  const isPlainStatic = (code: z.output<typeof qrCodeView>) => !code.isDynamic && code.amount === null && code.description === null;

  app.route(fromTable('POST /api/qr/generate', {
    config: { access: ['shop:payment_codes', 'counter'] },
    handler: async (request, reply) => {
      const body = request.body ?? {};
      refuseCounter(request, body.amount == null && !body.description && body.expirationMinutes === qrExpiryMinutesMax);
      const code = await qr.generate(requireShop(request), body, originOf(request));
      return reply.status(201).send(code);
    },
  }));

  app.route(fromTable('GET /api/qr/business', {
    config: { access: ['shop:payment_codes', 'counter'] },
    handler: async (request) => {
      const { active } = request.query;
      refuseCounter(request, active === 'true');
      const qrCodes = await qr.listForBusiness(requireShop(request), { activeOnly: active === 'true' }, originOf(request));
      return { qrCodes: isCounter(request) ? qrCodes.filter(isPlainStatic) : qrCodes };
    },
  }));
}
