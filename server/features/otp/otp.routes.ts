import type { FastifyInstance } from 'fastify';
import type { OtpSendResponse, OtpVerifyResponse } from '../../../common/api-types';
import { otpProofTtlSeconds } from '../../../common/limits';
import { otpSendBody, otpVerifyBody } from '../../../common/schemas/identity';
import { parseInput } from '../../errors';
import type { OtpService } from './otp.service';

export const otpProofCookie = 'otp_proof';

/** Sends from one address beyond this per minute are refused before they reach the database. */
const otpSendsPerAddressPerMinute = 10;

export async function otpRoutes(app: FastifyInstance, { otp }: { otp: OtpService }) {
  app.post('/api/otp/send', {
    config: { access: 'public', rateLimit: { max: otpSendsPerAddressPerMinute, timeWindow: '1 minute' } },
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
    void reply.setCookie(otpProofCookie, proofToken, {
      httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/api', maxAge: otpProofTtlSeconds,
    });
    return { success: true, verified: true } satisfies OtpVerifyResponse;
  });
}
