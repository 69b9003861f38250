import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generateQrBody, qrListQuery } from '@common/schemas/payments';
import { parseInput } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { QrService } from './qr.service';

export async function qrRoutes(app: FastifyInstance, { qr, publicUrl }: { qr: QrService; publicUrl: string | undefined }) {
  /** The origin written into codes: PUBLIC_URL, or the one this request came to. */
  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.post('/api/qr/generate', { config: { access: ['business'] } }, async (request, reply) => {
    const body = parseInput(generateQrBody, request.body ?? {});
    const code = await qr.generate(requireSession(request).user.id, body, originOf(request));
    return reply.status(201).send(code);
  });

  app.get('/api/qr/business', { config: { access: ['business'] } }, async (request) => {
    const { active } = parseInput(qrListQuery, request.query);
    return { qrCodes: await qr.listForBusiness(requireSession(request).user.id, { activeOnly: active === 'true' }, originOf(request)) };
  });
}
