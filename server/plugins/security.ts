/**
 * Security headers (no-store on every API answer among them), the Host check behind the
 * links the app writes, and the cross-origin guard for cookie-authenticated writes. The plain
 * request limits are in rate-limit.ts; the limits that guard secrets (PIN attempts, OTP
 * sends) live in the database, so they hold across processes.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
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

/**
 * A Host (or trusted X-Forwarded-Host) as a browser sends it: a DNS name, an IPv4 address
 * or a bracketed IPv6 address, and an optional port. Anything else (`evil.example/phish?x=`,
 * `khata.example@evil.example`, `evil.example#`) would rewrite a link it is copied into.
 */
export function isPlainHost(host: string): boolean {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && Number(port) > 65_535) return false;
  if (name.startsWith('[')) return isIP(name.slice(1, -1)) === 6;
  return name.length <= 253 && name.replace(/\.$/, '').split('.').every((label) => label.length >= 1 && label.length <= 63);
}

/**
 * The origin written into a link someone else opens (a QR code's `/pay/...`, a reminder's
 * `/accounts/...`): PUBLIC_URL whatever the request says, else the origin the request came
 * to, its host checked (the onRequest hook below has already refused a malformed one; a
 * request without any Host has nothing to write) and its scheme only ever http or https.
 */
export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  if (!isPlainHost(request.host)) throw new AppError('host_invalid');
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/**
 * Whether an answer is the API's: the matched route, or for an unknown path the path
 * decoded as the router reads it (`/%61pi/x` is an unknown API path).
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith('/api');
  const path = request.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path).startsWith('/api');
  } catch {
    return path.startsWith('/api');
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
        // The service worker (/sw.js) and the web app manifest are our own files.
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
 * hook runs (a malformed URL, an over-long path parameter): refusals, never kept either.
 */
export function rawSecurityHeaders(publicUrl: string | undefined) {
  const middleware = rawHelmet(helmetOptions(publicUrl));
  return (request: IncomingMessage, response: ServerResponse) => {
    middleware(request, response, () => {});
    response.setHeader('cache-control', 'no-store');
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;

  // The same options; the plugin's copy of helmet declares its own (identical) types.
  await app.register(helmet, helmetOptions(options.publicUrl) as FastifyHelmetOptions);

  // Every request, whatever its route: a malformed Host is never a browser's, and a
  // refusal here means no handler can copy it into a link.
  app.addHook('onRequest', async (request) => {
    if (request.host !== '' && !isPlainHost(request.host)) throw new AppError('host_invalid');
  });

  // No API answer is kept by a browser's or a shared cache: a shared
  // phone's Back or history must not show one person's names, phones or ledger to the
  // next. Errors and 404s included; the event stream writes its own (events.routes.ts).
  // Other answers (the web app's files) keep their own caching, and say no-store when
  // they say nothing.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request) || !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  // Decided on the matched route, never the raw URL: `/%61pi/...` routes to `/api/...`.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined && route.startsWith('/api') && isCrossSiteWrite(request, publicOrigin)) {
      throw new AppError('origin_refused');
    }
  });
});
