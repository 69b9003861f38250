/**
 * Health for load balancers and orchestrators. `/api/health/live` says the process
 * answers: restart it only when this fails. `/api/health` (also `/api/health/ready`) says it
 * can serve: the database answers, carries every migration of this build, and the
 * live-update LISTEN connection is open; 503 otherwise, so traffic goes elsewhere meanwhile.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { databaseRetryAfterSeconds } from '@common/limits';
import type { DatabaseWatch } from '../../db/availability';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { migrationsApplied } from '../../db/migrate';
import { fromTable, type TableRouteHandler } from '../../route';
import type { EventService } from '../events/events.service';

export async function healthRoutes(instance: FastifyInstance, deps: { db: Db; database: DatabaseWatch; events: EventService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, database, events } = deps;

  app.route(fromTable('GET /api/health/live', {
    config: { access: 'public' },
    handler: async () => ({ status: 'ok' as const }),
  }));

  async function readiness() {
    let reachable = true;
    let migrations: 'ok' | 'pending' | 'unknown' = 'unknown';
    try {
      await db.execute(sql`select 1`);
      database.answered();
    } catch (error) {
      reachable = false;
      database.lost(error);
    }
    if (reachable) {
      // No migrations table at all (a database never migrated) is pending too.
      migrations = await migrationsApplied(db).then(
        (applied) => (applied ? 'ok' : 'pending'),
        (error: unknown) => (isDatabaseUnavailable(error) ? 'unknown' : 'pending'),
      );
    }
    // Resolves after the first attempt whatever its outcome; later ones retry by themselves.
    await events.start().catch(() => {});
    const listen = events.listening() ? 'ok' as const : 'down' as const;
    if (reachable && migrations === 'ok' && listen === 'ok') {
      return { status: 'ok' as const, database: 'ok' as const, migrations, listen };
    }
    return { status: 'unavailable' as const, database: reachable ? 'ok' as const : 'unreachable' as const, migrations, listen };
  }

  const ready: TableRouteHandler<'GET /api/health'> = async (_request, reply) => {
    const body = await readiness();
    if (body.status === 'ok') return body;
    return reply.status(503).header('retry-after', String(databaseRetryAfterSeconds)).send(body);
  };
  app.route(fromTable('GET /api/health', { config: { access: 'public' }, handler: ready }));
  app.route(fromTable('GET /api/health/ready', { config: { access: 'public' }, handler: ready }));
}
