/**
 * Who may call what. Every /api route declares `config.access`: 'public', 'optional'
 * (the session is read if there is one) or the items that admit a caller: a session role
 * ('customer', 'admin', 'staff', …) or a shop permission (`shop:refunds`), which admits a
 * business or staff session acting for a shop whose role there holds it (common/permissions.ts,
 * the one map of roles to permissions). A route without a declaration fails at start-up, so
 * no endpoint is ever open by omission. A counter session reaches only the routes that list
 * 'counter' (and sign-out): every other route that reads a session answers 403 counter_session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionRole } from '@common/api/types';
import { mayDo, type Permission } from '@common/permissions';
import type { Actor } from '../actor';
import { AppError } from '../errors';
import { sessionCookie } from './cookies';
import type { RecalledSession, Session, SessionService, SessionUser } from '../features/sessions/sessions.service';

/** A shop permission a route needs: admits a session acting for a shop whose role holds it. */
export type ShopAccess = `shop:${Permission}`;
export type AccessItem = SessionRole | ShopAccess;
export type Access = 'public' | 'optional' | readonly AccessItem[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * 'in-call': the handler's own statement checks the session is live (the payment, to
     * save its round trip), so a token this process has seen live is not looked up first.
     */
    sessionCheck?: 'in-call';
  }
  interface FastifyRequest {
    session: Session | null;
    /** On an 'in-call' route: the token's user, remembered; its session is not yet checked. */
    recalled: RecalledSession | null;
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

/** The session token a request carries, from its Authorization header or its cookie. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  bearerToken(request) ?? request.cookies[sessionCookie];

export const accessPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionService }) => {
  app.decorateRequest('session', null);
  app.decorateRequest('bearerAuth', false);
  app.decorateRequest('recalled', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    // A remembered token carries no shop, so a route that saves the lookup cannot need one.
    const access = route.config?.access;
    if (route.config?.sessionCheck === 'in-call' && Array.isArray(access) && access.some(isShopAccess)) {
      throw new Error(`Route ${route.method} ${route.url} checks its session in the call and cannot need a shop permission`);
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
    if (!token) return;
    if (request.routeOptions.config.sessionCheck === 'in-call') {
      request.recalled = options.sessions.recall(token);
      if (request.recalled) return;
    }
    request.session = await options.sessions.resolve(token);
  });

  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const role = request.session?.user.role ?? request.recalled?.role;
    if (access === 'optional') {
      if (role === 'counter' && !counterMaySignOut(request)) throw new AppError('counter_session');
      return;
    }
    if (!role) throw new AppError('not_signed_in');
    if (access.includes(role)) return;
    if (role === 'counter') throw new AppError('counter_session');
    refuseUnlessShopMay(access, request.session?.user);
  });
});

const isShopAccess = (item: AccessItem): item is ShopAccess => item.startsWith('shop:');

/**
 * Admits a business or staff session acting for a shop whose role there may do one of the
 * route's shop permissions. A staff session that has not picked its shop yet is told so; a
 * shop's person whose role may not is told it is the role.
 */
function refuseUnlessShopMay(access: readonly AccessItem[], user: SessionUser | undefined): void {
  const needed = access.filter(isShopAccess).map((item) => item.slice('shop:'.length) as Permission);
  if (needed.length === 0 || !user || (user.role !== 'business' && user.role !== 'staff')) throw new AppError('forbidden');
  const { shop } = user;
  if (!shop) throw new AppError(user.role === 'staff' ? 'shop_not_picked' : 'forbidden');
  if (!needed.some((permission) => mayDo(shop.role, permission))) throw new AppError('role_forbidden');
}

/** Of the routes open to anyone signed in or not, a counter session may only sign out. */
const counterMaySignOut = (request: FastifyRequest) => request.routeOptions.url === '/api/auth/logout';

/** Who calls an 'in-call' route: the remembered token or the session looked up. */
export function requireCaller(request: FastifyRequest): { tokenHash: string; userId: string } {
  if (request.recalled) return { tokenHash: request.recalled.tokenHash, userId: request.recalled.userId };
  const { tokenHash, user } = requireSession(request);
  return { tokenHash, userId: user.id };
}

/** The session of a route that requires one; the access hook has already checked it. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('not_signed_in');
  return request.session;
}

/**
 * Who acts for a shop in a request (server/actor.ts): the session's membership and its
 * shop, never a value the request carries. On a route declared with a `shop:` permission
 * the access hook has already admitted it; a counter session answers as the person who
 * opened it.
 */
export function requireShop(request: FastifyRequest): Actor {
  const { user } = requireSession(request);
  if (!user.shop) throw new AppError(user.role === 'staff' ? 'shop_not_picked' : 'forbidden');
  const { memberId, businessId, role, name } = user.shop;
  return { userId: user.id, memberId, businessId, role, name };
}
