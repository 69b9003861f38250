/**
 * Who may call what. Every /api route declares `config.access`: 'public', 'optional'
 * (the session is read if there is one) or the roles allowed. A route without a
 * declaration fails at start-up, so no endpoint is ever open by omission.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@common/api-types';
import { AppError } from '../errors';
import { sessionCookie } from './cookies';
import type { Session, SessionService } from '../features/auth/sessions.service';

export type Access = 'public' | 'optional' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: Session | null;
    /** True when the session came from the Authorization header, not the cookie. */
    bearerAuth: boolean;
  }
}


function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const accessPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionService }) => {
  app.decorateRequest('session', null);
  app.decorateRequest('bearerAuth', false);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // Who is calling is resolved in preValidation and whether they may in preHandler, so
  // the rate-limit plugin (registered after this one) can count a call by its session, or
  // by its address when the token is made up, before a 401 refuses it.
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const bearer = bearerToken(request);
    const token = bearer ?? request.cookies[sessionCookie];
    request.bearerAuth = bearer !== undefined;
    request.session = token ? await options.sessions.resolve(token) : null;
  });

  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public' || access === 'optional') return;
    if (!request.session) throw new AppError('not_signed_in');
    if (!access.includes(request.session.user.role)) {
      throw new AppError('forbidden');
    }
  });
});

/** The session of a route that requires one; the access hook has already checked it. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('not_signed_in');
  return request.session;
}
