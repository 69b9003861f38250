import { defineConfig } from 'vitest/config';
import { translationPlugins } from './vite.config';
import { fileURLToPath } from 'node:url';

/** tsconfig.json's paths, for every project. */
const resolve = {
  alias: {
    '@common': fileURLToPath(new URL('./common', import.meta.url)),
    '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  },
};

/**
 * Four kinds of tests: server and common (Node, real database per file), web
 * components (jsdom), browser journeys (real Chromium against the built app) and
 * resilience (the real server process killed and scaled out, one file at a time).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: translationPlugins(),
        resolve,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve,
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['resilience/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
