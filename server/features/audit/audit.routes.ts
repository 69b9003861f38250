/**
 * The shop's audit log, for its owners (docs/product.md#staff): a page at a time, or the
 * whole of it (within its filters) as a CSV file.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireShop } from '../../plugins/access';
import { fromTable } from '../../route';
import type { AuditService } from './audit.service';

export async function auditRoutes(instance: FastifyInstance, { audit }: { audit: AuditService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = { access: ['shop:audit_log'] } as const;

  app.route(fromTable('GET /api/business/audit', {
    config: access,
    handler: async (request) => audit.list(requireShop(request), request.query),
  }));

  app.route(fromTable('GET /api/business/audit.csv', {
    config: access,
    handler: async (request, reply) => {
      const file = await audit.csv(requireShop(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        // Who did what at a shop: never kept by a shared cache or left in the browser's.
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  }));
}
