import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTrustTtlSeconds } from '@common/limits';
import { requireSession, requireShop, sessionTokenOf } from '../../plugins/access';
import { cookiePaths, deviceCookie, otpProofCookie, sessionCookie, type CookieOptions } from '../../plugins/cookies';
import { fromTable, type TableRouteHandler } from '../../route';
import type { SignedIn } from './accounts';
import type { AuthService } from './auth.service';
import type { CounterExchange } from './counter.service';

export async function authRoutes(instance: FastifyInstance, { auth, sessionTtlSeconds, cookies }: {
  auth: AuthService; sessionTtlSeconds: number; cookies: CookieOptions;
}) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deviceOf = (request: FastifyRequest): string | undefined => request.cookies[deviceCookie];

  function trustDevice(request: FastifyRequest, reply: FastifyReply, deviceToken: string) {
    void reply.setCookie(deviceCookie, deviceToken, cookies(request, cookiePaths.device, deviceTrustTtlSeconds));
  }

  /** Sets the session and device cookies; the body carries the session token, never the device's. */
  function signIn(request: FastifyRequest, reply: FastifyReply, { sessionToken, user, deviceToken }: SignedIn) {
    void reply.setCookie(sessionCookie, sessionToken, cookies(request, cookiePaths.session, sessionTtlSeconds));
    trustDevice(request, reply, deviceToken);
    return { sessionToken, user };
  }

  const clearProof = (reply: FastifyReply) => reply.clearCookie(otpProofCookie, { path: cookiePaths.otpProof });

  app.route(fromTable('POST /api/auth/customer/register', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const signedIn = await auth.registerCustomer(request.body, request.cookies[otpProofCookie], deviceOf(request));
      void clearProof(reply).status(201);
      return signIn(request, reply, signedIn);
    },
  }));

  app.route(fromTable('POST /api/auth/business/register', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const signedIn = await auth.registerBusiness(request.body, request.cookies[otpProofCookie], deviceOf(request));
      void clearProof(reply).status(201);
      return signIn(request, reply, signedIn);
    },
  }));

  app.route(fromTable('POST /api/auth/customer/login', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body = request.body;
      return signIn(request, reply, await auth.login('customer', body.phoneNumber, body.pin, deviceOf(request)));
    },
  }));

  app.route(fromTable('POST /api/auth/business/login', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body = request.body;
      return signIn(request, reply, await auth.login('business', body.email, body.pin, deviceOf(request)));
    },
  }));

  // A shop's staff sign in with their own phone and PIN (docs/product.md#staff).
  app.route(fromTable('POST /api/auth/staff/login', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body = request.body;
      return signIn(request, reply, await auth.login('staff', body.phoneNumber, body.pin, deviceOf(request)));
    },
  }));

  app.route(fromTable('POST /api/auth/admin/login', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body = request.body;
      return signIn(request, reply, await auth.login('admin', body.email, body.pin, deviceOf(request)));
    },
  }));

  // A counter session answers too, as the role 'counter' with the shop's name, so the app
  // on a counter device boots straight into counter mode. A shop's person is told the shop
  // and their role's permissions there.
  app.route(fromTable('GET /api/auth/me', {
    config: { access: ['customer', 'business', 'staff', 'admin', 'counter'] },
    handler: async (request) => auth.me(requireSession(request).user),
  }));

  // A staff account working at several shops picks the one it works at now; the session
  // then acts for that shop until it picks another or signs out.
  app.route(fromTable('GET /api/staff/shops', {
    config: { access: ['staff'] },
    handler: async (request) => auth.staffShops(requireSession(request).user),
  }));
  app.route(fromTable('POST /api/staff/shop', {
    config: { access: ['staff'] },
    handler: async (request) => auth.pickShop(requireSession(request), request.body.memberId),
  }));

  // The language the user chose: saved on the user, it follows them to any phone.
  app.route(fromTable('POST /api/auth/language', {
    config: { access: ['customer', 'business', 'staff', 'admin'] },
    handler: async (request) => auth.setLanguage(requireSession(request).user, request.body.language),
  }));

  // Signing out always succeeds: a session that is already gone is signed out too. It also
  // ends this device's trust for the account (docs/security.md, "Who can lock whom"): a
  // shared phone its owner signed out of counts later wrong PINs as anyone's.
  app.route(fromTable('POST /api/auth/logout', {
    config: { access: 'optional' },
    handler: async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await auth.signOut(token, deviceOf(request));
      void reply.clearCookie(sessionCookie, { path: cookiePaths.session });
      return { success: true as const };
    },
  }));

  const changePin: TableRouteHandler<'POST /api/auth/change-pin'> = async (request, reply) => {
    trustDevice(request, reply, await auth.changePin(requireSession(request), request.body, deviceOf(request)));
    return { success: true as const };
  };
  app.route(fromTable('POST /api/customer/change-pin', { config: { access: ['customer'] }, handler: changePin }));
  // Merchants, their staff and admins change their PIN too.
  app.route(fromTable('POST /api/auth/change-pin', { config: { access: ['customer', 'business', 'staff', 'admin'] }, handler: changePin }));

  // The PIN again, before changing the credit period or the UPI ID: the session may make
  // those changes for pinConfirmationFreshSeconds.
  app.route(fromTable('POST /api/auth/confirm-pin', {
    config: { access: ['customer', 'business', 'staff', 'admin'] },
    handler: async (request) => {
      await auth.confirmPin(requireSession(request), request.body);
      return { success: true as const };
    },
  }));

  // Counter mode (docs/security.md, "Counter mode"): each way needs the PIN and exchanges
  // the browser's session for the other kind, so the session of the person who opened it
  // never stays on a device anyone at the counter can touch.
  function exchange(request: FastifyRequest, reply: FastifyReply, { sessionToken, user, deviceToken }: CounterExchange) {
    void reply.setCookie(sessionCookie, sessionToken, cookies(request, cookiePaths.session, sessionTtlSeconds));
    if (deviceToken) trustDevice(request, reply, deviceToken);
    return { sessionToken, user };
  }
  app.route(fromTable('POST /api/auth/counter/enter', {
    config: { access: ['shop:counter_mode'] },
    handler: async (request, reply) => exchange(
      request, reply, await auth.enterCounter(requireSession(request), requireShop(request), request.body, deviceOf(request)),
    ),
  }));
  app.route(fromTable('POST /api/auth/counter/exit', {
    config: { access: ['counter'] },
    handler: async (request, reply) => exchange(
      request, reply, await auth.exitCounter(requireSession(request), requireShop(request), request.body, deviceOf(request)),
    ),
  }));

  // A forgotten or locked PIN, reset through an OTP to the registered phone.
  app.route(fromTable('POST /api/auth/reset-pin', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      trustDevice(request, reply, await auth.resetPin(request.body, request.cookies[otpProofCookie], deviceOf(request)));
      void clearProof(reply);
      return { success: true as const };
    },
  }));

  app.route(fromTable('POST /api/admin/unlock', {
    config: { access: ['admin'] },
    handler: async (request) => ({ success: true as const, wasLocked: await auth.unlock(request.body) }),
  }));
}
