import { defineConfig } from 'vitest/config';
import { translationPlugins } from './vite.config.ts';
import { availableParallelism } from 'node:os';
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
    // A worker per core: Vitest's default leaves one core to itself, which on a two-core
    // machine runs every file one after another while the main process sits idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Every file builds its own app on its own database and nothing mocks a module,
          // so files share a worker's process: Node, the imports and PGlite's compiled
          // WebAssembly are paid for once per worker instead of once per file.
          isolate: false,
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
          // Worker threads start faster than processes (a fifth less CPU over the project);
          // each file still gets its own, for the modules its tests mock.
          pool: 'threads',
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
          // Timed journeys, after the server and web files rather than beside them.
          sequence: { groupOrder: 1 },
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
          // Kills and restarts under load: alone on the machine, last.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
