/**
 * The published API: an OpenAPI document generated from the routes' own declarations
 * (GET /api/openapi.json) and a reference page that reads it (/api/docs). Both are public:
 * they describe what any caller can already try.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sessionCookie } from './cookies';

export const openApiPath = '/api/openapi.json';
export const docsPrefix = '/api/docs';

const isDocsRoute = (url: string) => url === docsPrefix || url.startsWith(`${docsPrefix}/`);

/**
 * Collects the routes as they are registered: register it before the access plugin (so
 * the reference page's own routes are marked public before the access check reads them)
 * and before any route.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  // The reference page's routes (its HTML, scripts and copy of the document) come from
  // @fastify/swagger-ui, which sets no route config of its own: they are public.
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url) && route.config?.access === undefined) {
      route.config = { ...route.config, access: 'public' };
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Khata API',
        version: '1.0.0',
        description: 'Credit accounts, QR payments and histories. Conventions (sign-in, cookies, amounts, '
          + 'errors, live updates) are in docs/api.md.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookie },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Only the API: the web app's pages and assets, and the reference page itself, are not part of it.
    transform: (document) => {
      if (!document.url.startsWith('/api') || isDocsRoute(document.url) || document.url === openApiPath) {
        return { schema: { ...document.schema, hide: true }, url: document.url };
      }
      return jsonSchemaTransform(document);
    },
  });
});

/** The document and the reference page; register after every other /api route. */
export async function openApiRoutes(app: FastifyInstance) {
  app.get(openApiPath, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    // The page loads its scripts and styles from this server only, so the app's strict CSP
    // (script-src 'self') holds; no online validator badge (an image from another host).
    validatorUrl: false,
    uiConfig: { deepLinking: false },
  });
}
