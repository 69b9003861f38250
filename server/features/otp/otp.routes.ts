import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageFromAcceptLanguage } from '@common/languages';
import { otpProofTtlSeconds, otpSendsPerAddressPerMinuteMax } from '@common/limits';
import { cookiePaths, otpProofCookie, type CookieOptions } from '../../plugins/cookies';
import { fromTable } from '../../route';
import type { OtpService } from './otp.service';

export async function otpRoutes(instance: FastifyInstance, { otp, cookies }: { otp: OtpService; cookies: CookieOptions }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route(fromTable('POST /api/otp/send', {
    config: { access: 'public', addressLimitPerMinute: otpSendsPerAddressPerMinuteMax },
    handler: async (request) => {
      const body = request.body;
      const sent = await otp.send(body.phoneNumber, body.purpose, {
        chosen: body.language,
        browser: languageFromAcceptLanguage(request.headers['accept-language']),
      });
      // The code itself comes back only from the development SMS provider, which sends none.
      return {
        success: true as const, expiresInSeconds: sent.expiresInSeconds,
        ...(sent.developmentOtp ? { developmentOtp: sent.developmentOtp } : {}),
      };
    },
  }));

  app.route(fromTable('POST /api/otp/verify', {
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body = request.body;
      const proofToken = await otp.verify(body.phoneNumber, body.purpose, body.otp);
      void reply.setCookie(otpProofCookie, proofToken, cookies(request, cookiePaths.otpProof, otpProofTtlSeconds));
      return { success: true as const, verified: true as const };
    },
  }));
}
