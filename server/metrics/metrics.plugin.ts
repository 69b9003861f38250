/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer $METRICS_TOKEN` only;
 * without a token configured it is an unknown path (404, never the web app's page) and no
 * request is counted. Outside /api: no session rate limit, not in the OpenAPI document.
 * Register it before every route, so its hooks see them all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { refuse } from '../plugins/errors';
import { moneyRoutes, streamRoutes, type Metrics } from './metrics';

export const metricsPath = '/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** A money request's refusal code, read from its answer for khata_money_requests_total. */
    metricsErrorCode: string | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the presented token with the configured one in constant time (both hashed to one length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
  const presented = digest(match?.[1] ?? '');
  return timingSafeEqual(presented, digest(token)) && match !== null;
}

/** The `code` of a refusal's JSON body; only ever read from a 4xx answer of a money route. */
function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' && /^[a-z0-9_]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Callback style, so an answer that succeeded costs no await here. */
const readRefusalCode: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode >= 400 && reply.statusCode < 500) request.metricsErrorCode = errorCodeOf(payload);
  done(null, payload);
};

export const metricsPlugin = fp(async (app: FastifyInstance, options: { token: string | undefined; metrics: Metrics | undefined }) => {
  const { token, metrics } = options;

  app.get(metricsPath, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (token === undefined || metrics === undefined) return refuse(reply, new AppError('not_found'));
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      return refuse(reply, new AppError('not_signed_in'));
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });

  if (token === undefined || metrics === undefined) return;
  app.decorateRequest('metricsErrorCode', undefined);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => moneyRoutes[`${method} ${route.url}`] !== undefined)) {
      route.onSend = [...[route.onSend ?? []].flat(), readRefusalCode];
    }
    if (methods.some((method) => streamRoutes.has(`${method} ${route.url}`))) {
      const counted = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        metrics.streamOpened();
        reply.raw.once('close', metrics.streamClosed);
        done();
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), counted];
    }
  });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000, request.metricsErrorCode);
    done();
  });
  app.addHook('onClose', async () => metrics.close());
});
