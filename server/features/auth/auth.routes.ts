import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTrustTtlSeconds } from '@common/limits';
import {
  languageBody, businessRegisterBody, changePinBody, confirmPinBody, customerLoginBody, customerRegisterBody, emailLoginBody, resetPinBody, unlockBody,
  type ChangePinBody,
} from '@common/schemas/identity';
import { apiError, languageResponse, meResponse, sessionResponse, success, unlockResponse } from '@common/schemas/responses';
import { requireSession, sessionTokenOf } from '../../plugins/access';
import { cookiePaths, deviceCookie, otpProofCookie, sessionCookie, type CookieOptions } from '../../plugins/cookies';
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

  // Registration answers 400 for a missing or wrong OTP proof, 409 for a phone or e-mail in use.
  const registered = { 201: sessionResponse, 400: apiError, 409: apiError };

  app.post('/api/auth/customer/register', {
    config: { access: 'public' }, schema: { body: customerRegisterBody, response: registered },
  }, async (request, reply) => {
    const body = request.body;
    const signedIn = await auth.registerCustomer(body, request.cookies[otpProofCookie], deviceOf(request));
    void clearProof(reply).status(201);
    return signIn(request, reply, signedIn);
  });

  app.post('/api/auth/business/register', {
    config: { access: 'public' }, schema: { body: businessRegisterBody, response: registered },
  }, async (request, reply) => {
    const body = request.body;
    const signedIn = await auth.registerBusiness(body, request.cookies[otpProofCookie], deviceOf(request));
    void clearProof(reply).status(201);
    return signIn(request, reply, signedIn);
  });

  // Sign-in answers 401 for wrong credentials (the same for an unknown account), 429 when locked.
  const signedInAnswers = { 200: sessionResponse, 401: apiError, 429: apiError };

  app.post('/api/auth/customer/login', {
    config: { access: 'public' }, schema: { body: customerLoginBody, response: signedInAnswers },
  }, async (request, reply) => {
    const body = request.body;
    return signIn(request, reply, await auth.login('customer', body.phoneNumber, body.pin, deviceOf(request)));
  });

  app.post('/api/auth/business/login', {
    config: { access: 'public' }, schema: { body: emailLoginBody, response: signedInAnswers },
  }, async (request, reply) => {
    const body = request.body;
    return signIn(request, reply, await auth.login('business', body.email, body.pin, deviceOf(request)));
  });

  app.post('/api/auth/admin/login', {
    config: { access: 'public' }, schema: { body: emailLoginBody, response: signedInAnswers },
  }, async (request, reply) => {
    const body = request.body;
    return signIn(request, reply, await auth.login('admin', body.email, body.pin, deviceOf(request)));
  });

  // A counter session answers too, as the role 'counter' with the shop's name, so the app
  // on a counter device boots straight into counter mode.
  app.get('/api/auth/me', {
    config: { access: ['customer', 'business', 'admin', 'counter'] }, schema: { response: { 200: meResponse } },
  }, async (request) =>
    auth.me(requireSession(request).user));

  // The language the user chose (issue 13): saved on the user, it follows them to any phone.
  app.post('/api/auth/language', {
    config: { access: ['customer', 'business', 'admin'] },
    schema: { body: languageBody, response: { 200: languageResponse, 400: apiError } },
  }, async (request) => auth.setLanguage(requireSession(request).user, request.body.language));

  // Signing out always succeeds: a session that is already gone is signed out too. It also
  // ends this device's trust for the account (docs/security.md, "Who can lock whom"): a
  // shared phone its owner signed out of counts later wrong PINs as anyone's.
  app.post('/api/auth/logout', {
    config: { access: 'optional' }, schema: { response: { 200: success } },
  }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await auth.signOut(token, deviceOf(request));
    void reply.clearCookie(sessionCookie, { path: cookiePaths.session });
    return { success: true as const };
  });

  async function changePin(request: FastifyRequest<{ Body: ChangePinBody }>, reply: FastifyReply) {
    const body = request.body;
    trustDevice(request, reply, await auth.changePin(requireSession(request), body, deviceOf(request)));
    return { success: true as const };
  }
  // 400 for mismatched, weak or unchanged PINs; 403 for a wrong current PIN; 429 when locked.
  const changePinSchema = { body: changePinBody, response: { 200: success, 400: apiError, 403: apiError, 429: apiError } };
  app.post('/api/customer/change-pin', { config: { access: ['customer'] }, schema: changePinSchema }, changePin);
  // Beyond the spec: merchants and admins change their PIN too.
  app.post('/api/auth/change-pin', { config: { access: ['customer', 'business', 'admin'] }, schema: changePinSchema }, changePin);

  // The PIN again, before changing the credit period or the UPI ID: the session may make
  // those changes for pinConfirmationFreshSeconds. 403 for a wrong PIN, 429 while locked.
  app.post('/api/auth/confirm-pin', {
    config: { access: ['customer', 'business', 'admin'] },
    schema: { body: confirmPinBody, response: { 200: success, 400: apiError, 403: apiError, 429: apiError } },
  }, async (request) => {
    await auth.confirmPin(requireSession(request), request.body);
    return { success: true as const };
  });

  // Counter mode (docs/security.md, "Counter mode"): each way needs the PIN and exchanges
  // the browser's session for the other kind, so the merchant's session never stays on a
  // device anyone at the counter can touch. 403 for a wrong PIN, 429 while locked.
  const counterExchange = { body: confirmPinBody, response: { 200: sessionResponse, 400: apiError, 403: apiError, 429: apiError } };
  function exchange(request: FastifyRequest, reply: FastifyReply, { sessionToken, user, deviceToken }: CounterExchange) {
    void reply.setCookie(sessionCookie, sessionToken, cookies(request, cookiePaths.session, sessionTtlSeconds));
    if (deviceToken) trustDevice(request, reply, deviceToken);
    return { sessionToken, user };
  }
  app.post('/api/auth/counter/enter', { config: { access: ['business'] }, schema: counterExchange }, async (request, reply) =>
    exchange(request, reply, await auth.enterCounter(requireSession(request), request.body, deviceOf(request))));
  app.post('/api/auth/counter/exit', { config: { access: ['counter'] }, schema: counterExchange }, async (request, reply) =>
    exchange(request, reply, await auth.exitCounter(requireSession(request), request.body, deviceOf(request))));

  // A forgotten or locked PIN, reset through an OTP to the registered phone.
  app.post('/api/auth/reset-pin', {
    config: { access: 'public' }, schema: { body: resetPinBody, response: { 200: success, 400: apiError, 404: apiError } },
  }, async (request, reply) => {
    const body = request.body;
    trustDevice(request, reply, await auth.resetPin(body, request.cookies[otpProofCookie], deviceOf(request)));
    void clearProof(reply);
    return { success: true as const };
  });

  app.post('/api/admin/unlock', {
    config: { access: ['admin'] }, schema: { body: unlockBody, response: { 200: unlockResponse } },
  }, async (request) => {
    const body = request.body;
    return { success: true as const, wasLocked: await auth.unlock(body) };
  });
}
