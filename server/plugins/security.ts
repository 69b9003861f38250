/**
 * Security headers and the cross-origin guard for cookie-authenticated writes. The plain
 * request limits are in rate-limit.ts; the limits that guard secrets (PIN attempts, OTP
 * sends) live in the database, so they hold across processes.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rawHelmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  publicUrl: string | undefined;
}

/**
 * A state-changing request that a browser sends from another site carries an Origin (or
 * Sec-Fetch-Site) that is not ours. Requests with a Bearer token are exempt: another
 * site cannot read our localStorage, and a custom header forces a CORS preflight that
 * we never grant. Clients that send no Origin at all (curl, scripts) are not browsers
 * acting on someone's behalf, and the cookie is SameSite=Strict besides.
 */
function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (!unsafeMethods.has(request.method)) return false;
  if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** The security headers of every answer (helmet's options, shared with the raw fallback). */
export function helmetOptions(publicUrl: string | undefined): HelmetOptions {
  const behindHttps = publicUrl?.startsWith('https:') ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the QR scanner set element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest are our own files (issue 14).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(behindHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense (and only takes effect) when the app is served over HTTPS.
    strictTransportSecurity: behindHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Sets the same headers on a raw response, for the few answers Fastify sends before any
 * hook runs (a malformed URL, an over-long path parameter).
 */
export function rawSecurityHeaders(publicUrl: string | undefined) {
  const middleware = rawHelmet(helmetOptions(publicUrl));
  return (request: IncomingMessage, response: ServerResponse) => middleware(request, response, () => {});
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;

  // The same options; the plugin's copy of helmet declares its own (identical) types.
  await app.register(helmet, helmetOptions(options.publicUrl) as FastifyHelmetOptions);

  // Decided on the matched route, never the raw URL: `/%61pi/...` routes to `/api/...`.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined && route.startsWith('/api') && isCrossSiteWrite(request, publicOrigin)) {
      throw new AppError('origin_refused');
    }
  });
});
