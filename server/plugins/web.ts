/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every non-API path answered with index.html so the client router decides. The service
 * worker (/sw.js, its /workbox-*.js) and /manifest.webmanifest sit at the root and are
 * never cached either: a browser must see a new worker at once.
 *
 * `webDir` is normally the link dist/web, which `npm run build` (scripts/build-web.mjs) points
 * at a new build in one rename: every file is looked up through the link per request, so a
 * running server serves the new build at once, and the previous build's hashed files are
 * copied into it, so pages opened before the switch still load their lazy chunks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { refuse } from './errors';

/**
 * A file of the build at the root (the service worker, Workbox's runtime, the manifest):
 * missing, it is a stale reference after a deploy and must not get HTML back either.
 */
const rootBuildFile = /^\/[^/]+\.(?:js|css|map|webmanifest)$/;

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const webPlugin = fp(async (app: FastifyInstance, options: { webDir: string }) => {
  const hasWeb = existsSync(join(options.webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      wildcard: true,
      index: false,
      // Vite writes .br and .gz copies of each text asset (vite.config.ts): send those.
      preCompressed: true,
      // Vite's manifest (.vite/) and the build's record (.khata-build.json) are for the
      // tools on this machine, not for browsers: a dot file is never sent.
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        void reply.header('cache-control', path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache');
      },
    });
    // The wildcard route does not serve the bare root (a directory) without an index.
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a stale page after a deploy) must not get HTML back. No
    // route matched, so the path is judged decoded, as the router reads it: `/%61pi/x`
    // is an unknown API path, not a page.
    const path = decodedPath(request.url);
    const isApp = hasWeb && (request.method === 'GET' || request.method === 'HEAD')
      && !path.startsWith('/api') && !path.startsWith('/assets/') && !rootBuildFile.test(path);
    if (!isApp) {
      return refuse(reply, new AppError('not_found'));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
