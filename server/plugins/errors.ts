/**
 * One error model: an AppError becomes `{ error, code }` with its status; a malformed
 * request becomes a 400; anything else is logged and answered "Internal error", with no
 * stack or SQL text.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@common/errors';
import { AppError } from '../errors';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'account_locked' && error.extra.retryAfterMinutes) {
        void reply.header('retry-after', String(error.extra.retryAfterMinutes * 60));
      }
      return reply.status(error.status).send(error.body());
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send({ error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limited' } satisfies ErrorBody);
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'The request body is too large', code: 'invalid_input' } satisfies ErrorBody);
    }
    if (status !== undefined && status >= 400 && status < 500) {
      const message = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Requests must be sent as JSON'
        : (error as FastifyError).code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON' : 'Invalid request';
      return reply.status(400).send({ error: message, code: 'invalid_input' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal error', code: 'internal' } satisfies ErrorBody);
  });
});
