import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  businessRegisterBody, changePinBody, customerLoginBody, customerRegisterBody, emailLoginBody, resetPinBody, unlockBody,
} from '../../../common/schemas/identity';
import { parseInput } from '../../errors';
import { requireSession, sessionCookie } from '../../plugins/access';
import { otpProofCookie } from '../otp/otp.routes';
import type { AuthService, SignedIn } from './auth.service';
import type { SessionService } from './sessions.service';

export async function authRoutes(
  app: FastifyInstance,
  { auth, sessions, sessionTtlSeconds }: { auth: AuthService; sessions: SessionService; sessionTtlSeconds: number },
) {
  function signIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
    void reply.setCookie(sessionCookie, signedIn.sessionToken, {
      httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/', maxAge: sessionTtlSeconds,
    });
    return signedIn;
  }

  app.post('/api/auth/customer/register', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(customerRegisterBody, request.body);
    const signedIn = await auth.registerCustomer(body, request.cookies[otpProofCookie]);
    void reply.clearCookie(otpProofCookie, { path: '/api' }).status(201);
    return signIn(request, reply, signedIn);
  });

  app.post('/api/auth/business/register', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(businessRegisterBody, request.body);
    const signedIn = await auth.registerBusiness(body, request.cookies[otpProofCookie]);
    void reply.clearCookie(otpProofCookie, { path: '/api' }).status(201);
    return signIn(request, reply, signedIn);
  });

  app.post('/api/auth/customer/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(customerLoginBody, request.body);
    return signIn(request, reply, await auth.login('customer', body.phoneNumber, body.pin));
  });

  app.post('/api/auth/business/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(emailLoginBody, request.body);
    return signIn(request, reply, await auth.login('business', body.email, body.pin));
  });

  app.post('/api/auth/admin/login', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(emailLoginBody, request.body);
    return signIn(request, reply, await auth.login('admin', body.email, body.pin));
  });

  app.get('/api/auth/me', { config: { access: ['customer', 'business', 'admin'] } }, async (request) =>
    auth.me(requireSession(request).user));

  // Signing out always succeeds: a session that is already gone is signed out too.
  app.post('/api/auth/logout', { config: { access: 'optional' } }, async (request, reply) => {
    if (request.session) await sessions.revoke(request.session.tokenHash);
    void reply.clearCookie(sessionCookie, { path: '/' });
    return { success: true };
  });

  app.post('/api/customer/change-pin', { config: { access: ['customer'] } }, async (request) => {
    const body = parseInput(changePinBody, request.body);
    await auth.changePin(requireSession(request), body);
    return { success: true };
  });

  // Beyond the spec: merchants and admins change their PIN too.
  app.post('/api/auth/change-pin', { config: { access: ['customer', 'business', 'admin'] } }, async (request) => {
    const body = parseInput(changePinBody, request.body);
    await auth.changePin(requireSession(request), body);
    return { success: true };
  });

  // A forgotten or locked PIN, reset through an OTP to the registered phone.
  app.post('/api/auth/reset-pin', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(resetPinBody, request.body);
    await auth.resetPin(body, request.cookies[otpProofCookie]);
    void reply.clearCookie(otpProofCookie, { path: '/api' });
    return { success: true };
  });

  app.post('/api/admin/unlock', { config: { access: ['admin'] } }, async (request) => {
    const body = parseInput(unlockBody, request.body);
    return { success: true, wasLocked: await auth.unlock(body) };
  });
}
