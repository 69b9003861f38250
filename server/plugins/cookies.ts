/**
 * The app's cookies and their attributes, in one place. Every cookie is HttpOnly and
 * SameSite=Strict; it is Secure whenever the app is served over HTTPS, which a request
 * behind a TLS proxy without TRUST_PROXY cannot tell, so an https PUBLIC_URL or
 * production marks it Secure too.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

export const sessionCookie = 'session';
export const otpProofCookie = 'otp_proof';
/** The trusted-device token (features/auth/devices.service.ts). */
export const deviceCookie = 'device';

export const cookiePaths = { session: '/', otpProof: '/api', device: '/api' } as const;

export function cookieOptions(alwaysSecure: boolean) {
  return (request: FastifyRequest, path: string, maxAgeSeconds?: number): CookieSerializeOptions => ({
    httpOnly: true,
    sameSite: 'strict',
    secure: alwaysSecure || request.protocol === 'https',
    path,
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  });
}

export type CookieOptions = ReturnType<typeof cookieOptions>;

/** Secure always, whatever a request says, when the app is public over HTTPS or in production. */
export const alwaysSecureCookies = (config: { publicUrl: string | undefined; isProduction: boolean }) =>
  config.isProduction || (config.publicUrl?.startsWith('https:') ?? false);
