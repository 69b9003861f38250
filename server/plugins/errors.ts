/**
 * One error model: an AppError becomes its body (`{ error, code, key, params }`, see
 * server/errors.ts) with its status; a malformed request becomes a 400; an unreachable
 * database a 503 with Retry-After; anything else is logged and answered "Internal error",
 * with no stack or SQL text.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRetryAfterSeconds } from '@common/limits';
import type { DatabaseWatch } from '../db/availability';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../errors';

/** Answers an expected failure with its entry's status and body. */
export function refuse(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(error.body());
}

export const errorsPlugin = fp(async (app: FastifyInstance, { database }: { database?: DatabaseWatch }) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'payment_outcome_unknown') {
        database?.lost(error);
        void reply.header('retry-after', String(databaseRetryAfterSeconds));
      }
      // A refusal that ends at a known time says when: a PIN lock, the day's reminders used up.
      const { retryAfterMinutes, retryAfterSeconds } = error.params;
      if (typeof retryAfterSeconds === 'number') void reply.header('retry-after', String(retryAfterSeconds));
      else if (typeof retryAfterMinutes === 'number') void reply.header('retry-after', String(retryAfterMinutes * 60));
      return refuse(reply, error);
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return refuse(reply, new AppError('rate_limited'));
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuse(reply, new AppError('body_too_large'));
    }
    if (status !== undefined && status >= 400 && status < 500) {
      const key = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'body_not_json_type'
        : (error as FastifyError).code?.startsWith('FST_ERR_CTP') ? 'body_not_json' : 'request_invalid';
      return refuse(reply, new AppError(key));
    }
    if (isDatabaseUnavailable(error)) {
      // Logged once for the whole outage by the watch, not once per request.
      database?.lost(error);
      void reply.header('retry-after', String(databaseRetryAfterSeconds));
      return refuse(reply, new AppError('database_unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return refuse(reply, new AppError('internal'));
  });
});
