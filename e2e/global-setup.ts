/**
 * Once per journey run: find Chromium and build the web app that the journeys open.
 * Without Chromium the journeys skip themselves locally, so a fresh clone still passes
 * `npm test`; in CI (the CI variable is set) a missing Chromium fails the run instead.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where Chromium is, or '' when it is missing and the journeys must skip. */
    chromiumPath: string;
    /** The web app built for this run, absolute. */
    e2eWebDir: string;
  }
}

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const defaultChromiumPath = '/usr/bin/chromium';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds into a directory of this run's own, not dist/web: `npm start`, or another run
 * of the suite, empties dist/web while building, which would pull the page out from
 * under a journey in progress.
 */
function buildWebApp(webDir: string): void {
  const startedAt = Date.now();
  const args = ['vite', 'build', '--outDir', webDir, '--emptyOutDir'];
  const build = spawnSync('npx', args, { cwd: repositoryRoot, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`e2e: "npx ${args.join(' ')}" failed (exit ${build.status})\n${build.stdout}\n${build.stderr}`);
  }
  console.log(`e2e: built the web app into ${webDir} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

export default function setup(project: TestProject): (() => void) | undefined {
  const chromiumPath = process.env.CHROMIUM_PATH || defaultChromiumPath;
  if (!isExecutable(chromiumPath)) {
    const hint = 'install it (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium binary';
    if (process.env.CI) throw new Error(`e2e: no Chromium at ${chromiumPath}; CI must run the browser journeys: ${hint}`);
    console.warn(`\n⚠ e2e: no Chromium at ${chromiumPath}, so the browser journeys are SKIPPED. To run them, ${hint}.\n`);
    project.provide('chromiumPath', '');
    project.provide('e2eWebDir', '');
    return undefined;
  }
  const webDir = mkdtempSync(join(tmpdir(), 'khata-e2e-web-'));
  buildWebApp(webDir);
  project.provide('chromiumPath', chromiumPath);
  project.provide('e2eWebDir', webDir);
  return () => rmSync(webDir, { recursive: true, force: true });
}
