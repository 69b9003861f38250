import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { requireSession } from '../../plugins/access';
import type { BusinessService } from '../businesses/businesses.service';
import type { EventService } from './events.service';

const keepAliveMs = 25_000;

/**
 * GET /api/events: a server-sent event stream. Each ledger change of the caller (a
 * merchant's business or a customer) arrives as `event: ledger`; the web app refetches.
 */
export async function eventRoutes(app: FastifyInstance, { events, businesses, streamSeconds }: {
  events: EventService; businesses: BusinessService;
  /** How long one stream lasts; the browser's EventSource reconnects by itself. */
  streamSeconds: number;
}) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => { for (const close of open) close(); });

  app.get('/api/events', { config: { access: ['customer', 'business'] } }, async (request, reply) => {
    const { user } = requireSession(request);
    let key: `business:${string}` | `customer:${string}` = `customer:${user.id}`;
    if (user.role === 'business') {
      const business = await businesses.findOwn(user.id);
      if (!business) throw new AppError('not_found', 'Business not found');
      key = `business:${business.id}`;
    }
    await events.start();
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      ...reply.getHeaders() as Record<string, string>,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 2000\n: connected\n\n');
    const unsubscribe = events.subscribe(key, () => stream.write('event: ledger\ndata: {}\n\n'));
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), keepAliveMs);
    const close = () => {
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      unsubscribe();
      open.delete(close);
      stream.end();
    };
    // Streams are recycled now and then, so a proxy's idle limits and a changed session
    // (logout elsewhere) are picked up on the reconnect.
    const lifetime = setTimeout(close, streamSeconds * 1000);
    open.add(close);
    request.raw.on('close', close);
  });
}
