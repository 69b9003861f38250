import type { FastifyInstance } from 'fastify';
import type { OtpSendResponse, OtpVerifyResponse } from '@common/api-types';
import { otpProofTtlSeconds } from '@common/limits';
import { otpSendBody, otpVerifyBody } from '@common/schemas/identity';
import { parseInput } from '../../errors';
import { cookiePaths, otpProofCookie, type CookieOptions } from '../../plugins/cookies';
import type { OtpService } from './otp.service';

/**
 * Sends from one address beyond this per minute are refused before they reach the
 * database (plugins/rate-limit.ts). Sized for a carrier NAT address shared by hundreds of
 * phones; the per-phone limits in the database stop bombing one number.
 */
export const otpSendsPerAddressPerMinute = 60;

export async function otpRoutes(app: FastifyInstance, { otp, cookies }: { otp: OtpService; cookies: CookieOptions }) {
  app.post('/api/otp/send', {
    config: { access: 'public', addressLimitPerMinute: otpSendsPerAddressPerMinute },
  }, async (request) => {
    const body = parseInput(otpSendBody, request.body);
    const sent = await otp.send(body.phoneNumber, body.purpose);
    const response: OtpSendResponse = { success: true, expiresInSeconds: sent.expiresInSeconds };
    if (sent.developmentOtp) response.developmentOtp = sent.developmentOtp;
    return response;
  });

  app.post('/api/otp/verify', { config: { access: 'public' } }, async (request, reply) => {
    const body = parseInput(otpVerifyBody, request.body);
    const proofToken = await otp.verify(body.phoneNumber, body.purpose, body.otp);
    void reply.setCookie(otpProofCookie, proofToken, cookies(request, cookiePaths.otpProof, otpProofTtlSeconds));
    return { success: true, verified: true } satisfies OtpVerifyResponse;
  });
}
