import { transformAsync } from '@babel/core';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, createMissingErrorMessage, getCatalogs } from '@lingui/cli/api';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { homePartFiles, idsUsedIn, isHomePart } from './web/src/i18n/home-parts.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes a gzip and a brotli copy next to each text file of the build, once, at build
 * time; the server sends them to browsers that accept them (@fastify/static's
 * preCompressed), so no request spends CPU compressing. Slow 4G pays for bytes.
 */
function precompress(): Plugin {
  return {
    name: 'khata:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = bundle[fileName]!;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
      }
    },
  };
}

/** The web's own sources, and the parser plugins Babel needs for each kind. */
const webSource = /[\\/]web[\\/]src[\\/].*\.([jt]sx?)$/;
const parserPlugins: Record<string, ('jsx' | 'typescript')[]> = { js: [], jsx: ['jsx'], ts: ['typescript'], tsx: ['typescript', 'jsx'] };
/** An import of a Lingui macro (`@lingui/macro`, `@lingui/core/macro`, `@lingui/react/macro`). */
const macroImport = /['"]@lingui\/(?:[\w-]+\/)?macro['"]/;

/**
 * Runs Lingui's macro (`<Trans>`, `t`) through Babel on the web sources that import it, so
 * they compile to message lookups. plugin-react 6 no longer runs Babel, and the Rolldown
 * Babel plugin wants a newer Node than the ones we support; this is the part of it we need
 * (docs/decisions.md). A file without a macro import never reaches Babel.
 */
function linguiMacro(): Plugin {
  return {
    name: 'khata:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const extension = webSource.exec(id)?.[1];
      if (!extension || !macroImport.test(code)) return undefined;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { sourceType: 'module', allowAwaitOutsideFunction: true, plugins: parserPlugins[extension] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : undefined;
    },
  };
}

/** `web/src/locales/<language>/app.po?part=<home part>`: a home's share of the `app` texts. */
const homePartModule = /[\\/]locales[\\/]([\w-]+)[\\/]app\.po\?(?:[^#]*&)?part=(\w+)(?:&|$)/;

/**
 * Compiles a home's part of the `app` catalogue (web/src/i18n/home-parts.ts): the messages
 * whose `#:` origin is a file of the home's static import closure, in the language of the
 * .po, failing like Lingui's own loader on a missing translation. The closure is read
 * again on every build (and watched in dev), so it follows the code.
 */
function linguiHomeParts(): Plugin {
  const rootDir = fileURLToPath(new URL('.', import.meta.url));
  const config = getConfig({ cwd: rootDir });
  const sourceLocale = config.sourceLocale ?? 'en';
  return {
    name: 'khata:lingui-home-parts',
    enforce: 'pre',
    async transform(_code, id) {
      const match = homePartModule.exec(id);
      if (!match) return undefined;
      const [, language, part] = match as unknown as [string, string, string];
      if (!isHomePart(part)) throw new Error(`${id}: no such home part (web/src/i18n/home-parts.ts)`);
      const catalogue = (await getCatalogs(config)).find((catalog) => catalog.path.endsWith('/app'));
      if (!catalogue) throw new Error('lingui.config.ts has no `app` catalogue');
      const files = homePartFiles(rootDir, part);
      for (const file of files) this.addWatchFile(join(rootDir, file));
      this.addWatchFile(id.split('?')[0]!);
      const used = idsUsedIn((await catalogue.read(sourceLocale)) ?? {}, files);
      const { messages, missing } = await catalogue.getTranslations(language, { fallbackLocales: config.fallbackLocales || {}, sourceLocale });
      const missingHere = missing.filter((entry) => used.has(entry.id));
      if (missingHere.length > 0) throw new Error(createMissingErrorMessage(language, missingHere, 'loader'));
      const subset = Object.fromEntries(Object.entries(messages).filter(([messageId]) => used.has(messageId)));
      const { source, errors } = createCompiledCatalog(language, subset, { namespace: 'es' });
      if (errors.length > 0) throw new Error(`${id}: ${errors.map((error) => error.id).join(', ')}`);
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}

/**
 * React, plus Lingui: its macros compile to message lookups and `.po` catalogues compile
 * on import, failing the build on a missing translation; a home's part of the catalogue
 * compiles the same way. vitest.config uses the same list.
 */
export function translationPlugins() {
  return [react(), linguiMacro(), linguiHomeParts(), lingui({ failOnMissing: true, failOnCompileError: true })];
}

/** The colour of index.html's theme-color meta, and of the icons (scripts/generate-icons.mjs). */
const themeColour = '#047857';

/**
 * The web app manifest and the service worker, written at build time. The
 * worker precaches the hashed build, index.html and the icons, so the app shell opens
 * without the network and the app installs; it never caches an /api answer (no runtime
 * caching at all), so nothing of a user's stays in it after logout. A navigation gets
 * index.html from the cache (the client router decides), but /api (with its /api/docs)
 * goes to the network. The page registers the worker itself, after start-up
 * (web/src/lib/service-worker.ts), so /cust loads nothing more; a new worker waits until
 * the user taps Reload (registerType 'prompt': it skips waiting on a SKIP_WAITING message).
 */
function progressiveWebApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeManifestIcons: true,
    includeAssets: ['icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'Khata',
      short_name: 'Khata',
      description: 'Pay your merchants on credit by scanning their QR code.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: themeColour,
      // The page's own background (slate-50), so the splash screen does not flash.
      background_color: '#f8fafc',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The build's own files; not the .gz/.br copies (the server picks those by
      // Accept-Encoding for the same URL) nor Vite's manifest for bench/web-budget.ts.
      globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
      globIgnores: ['.vite/**', '**/*.gz', '**/*.br'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The first worker serves the page that registered it at once, without a reload.
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}

/** web/src/features/** and web/src/components/**, but never their CSS. */
const pureWebModule = /[\\/]web[\\/]src[\\/](features|components)[\\/].*\.tsx?$/;

const config: UserConfig = {
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [...translationPlugins(), tailwindcss(), precompress(), progressiveWebApp()],
  resolve: {
    alias: {
      // The same aliases as tsconfig.json's paths.
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      // wouter imports this shim for React 17; React 19 has the hook (see the file).
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./web/src/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // bench/web-budget.ts reads the entry's static imports from the manifest.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload">; where one does not, the
    // modules still load, only later, so the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // A feature's modules and the UI components define components, hooks and constants
        // and do nothing on import, so one whose exports nobody uses is left out, even
        // when a feature's public.ts re-exports it: the customer's home then does not
        // carry the merchant's list and dialogs (docs/performance.md).
        moduleSideEffects: (id: string) => !pureWebModule.test(id),
      },
      output: {
        codeSplitting: {
          // What the first screen needs goes in the entry chunk, not in a dozen small
          // shared chunks: one request, and it compresses better. Lazy chunks import it.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
};

export default defineConfig(({ command }) => {
  // A build is what `npm start` serves, so it is always the production build: Vite takes
  // NODE_ENV from the shell (NODE_ENV=development would ship React's development build,
  // 159 KB gzipped on /cust), and reads it again after loading this file.
  // bench/web-budget.ts builds with NODE_ENV=development and checks for React's markers.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
