import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OtpSendResponse, OtpVerifyResponse } from '@common/api-types';
import { languageFromAcceptLanguage } from '@common/languages';
import { otpProofTtlSeconds, otpSendsPerAddressPerMinuteMax } from '@common/limits';
import { otpSendBody, otpVerifyBody } from '@common/schemas/identity';
import { apiError, otpSendResponse, otpVerifyResponse } from '@common/schemas/responses';
import { cookiePaths, otpProofCookie, type CookieOptions } from '../../plugins/cookies';
import type { OtpService } from './otp.service';

export async function otpRoutes(instance: FastifyInstance, { otp, cookies }: { otp: OtpService; cookies: CookieOptions }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // 429 for a resend too soon or too many in an hour.
  app.post('/api/otp/send', {
    config: { access: 'public', addressLimitPerMinute: otpSendsPerAddressPerMinuteMax },
    schema: { body: otpSendBody, response: { 200: otpSendResponse, 429: apiError } },
  }, async (request) => {
    const body = request.body;
    const sent = await otp.send(body.phoneNumber, body.purpose, {
      chosen: body.language,
      browser: languageFromAcceptLanguage(request.headers['accept-language']),
    });
    const response: OtpSendResponse = { success: true, expiresInSeconds: sent.expiresInSeconds };
    if (sent.developmentOtp) response.developmentOtp = sent.developmentOtp;
    return response;
  });

  // 400 for a wrong or expired code, 429 once its attempts are spent.
  app.post('/api/otp/verify', {
    config: { access: 'public' }, schema: { body: otpVerifyBody, response: { 200: otpVerifyResponse, 400: apiError, 429: apiError } },
  }, async (request, reply) => {
    const body = request.body;
    const proofToken = await otp.verify(body.phoneNumber, body.purpose, body.otp);
    void reply.setCookie(otpProofCookie, proofToken, cookies(request, cookiePaths.otpProof, otpProofTtlSeconds));
    return { success: true, verified: true } satisfies OtpVerifyResponse;
  });
}
