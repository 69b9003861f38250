import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { generateQrBody, qrListQuery } from '@common/schemas/payments';
import { apiError, qrCodeList, qrCodeView } from '@common/schemas/responses';
import { requireSession } from '../../plugins/access';
import type { QrService } from './qr.service';

/** Every field has a default, so a request with no body (or a JSON null) asks for a static code. */
const optionalGenerateQrBody = z.nullish(generateQrBody);

export async function qrRoutes(instance: FastifyInstance, { qr, publicUrl }: { qr: QrService; publicUrl: string | undefined }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** The origin written into codes: PUBLIC_URL, or the one this request came to. */
  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  // 422 for an amount above the business's maximum.
  app.post('/api/qr/generate', {
    config: { access: ['business'] }, schema: { body: optionalGenerateQrBody, response: { 201: qrCodeView, 422: apiError } },
  }, async (request, reply) => {
    const body = request.body ?? {};
    const code = await qr.generate(requireSession(request).user.id, body, originOf(request));
    return reply.status(201).send(code);
  });

  app.get('/api/qr/business', {
    config: { access: ['business'] }, schema: { querystring: qrListQuery, response: { 200: qrCodeList } },
  }, async (request) => {
    const { active } = request.query;
    return { qrCodes: await qr.listForBusiness(requireSession(request).user.id, { activeOnly: active === 'true' }, originOf(request)) };
  });
}
