/**
 * scripts/build-web.mjs (what `npm start` runs before serving) against a server that keeps
 * running: a build happens only when the sources changed, lands in a folder of its own and is
 * switched to in one rename, and a page of the previous build still finds its lazy chunks.
 * Vite is replaced by a fake build (a real one takes a minute); the folders, the link and the
 * serving are real.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, sourceHash } from '../../scripts/build-web.mjs';
import { createTestContext, type TestContext } from '../test/context';

const root = mkdtempSync(join(tmpdir(), 'khata-web-builds-'));
const source = join(root, 'web', 'src', 'main.tsx');
const linkPath = join(root, 'dist', 'web');
const buildsDir = join(root, 'dist', 'web-builds');
let builds = 0;

/** A fake Vite: index.html names one hashed chunk, whose name follows the source's text. */
async function fakeBuild(outDir: string) {
  builds += 1;
  const version = readFileSync(source, 'utf8').trim();
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, 'index.html'), `<!doctype html><title>Khata ${version}</title><script type="module" src="/assets/app-${version}.js"></script>`);
  writeFileSync(join(outDir, 'assets', `app-${version}.js`), `import('./lazy-${version}.js')`);
  writeFileSync(join(outDir, 'assets', `lazy-${version}.js`), `console.log('${version}')`);
  writeFileSync(join(outDir, 'sw.js'), `// ${version}`);
}

const build = (version: string, options: { buildInto?: (outDir: string) => Promise<void> } = {}) => {
  writeFileSync(source, version);
  return buildWeb({ root, buildInto: options.buildInto ?? fakeBuild, log: () => {} });
};

let ctx: TestContext;
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

beforeAll(async () => {
  mkdirSync(join(root, 'web', 'src'), { recursive: true });
  mkdirSync(join(root, 'common'));
  writeFileSync(join(root, 'package-lock.json'), '{}');
  await build('v1');
  // The server is started once, on the link, as `npm start` starts it; it keeps running.
  ctx = await createTestContext({ config: { webDir: linkPath } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe('building the web app for npm start', () => {
  it('builds into a folder named by the sources\' hash and points dist/web at it', async () => {
    expect(lstatSync(linkPath).isSymbolicLink()).toBe(true);
    expect(readlinkSync(linkPath)).toBe(join('web-builds', sourceHash(root)));
    expect((await get('/')).body).toContain('Khata v1');
    expect((await get('/assets/lazy-v1.js')).statusCode).toBe(200);
  });

  it('never sends the build\'s record or Vite\'s manifest (dot files)', async () => {
    mkdirSync(join(linkPath, '.vite'), { recursive: true });
    writeFileSync(join(linkPath, '.vite', 'manifest.json'), '{"secret":"paths"}');
    for (const url of ['/.khata-build.json', '/.vite/manifest.json']) {
      const response = await get(url);
      expect(response.body).not.toContain('"hash"');
      expect(response.body).not.toContain('secret');
    }
  });

  it('does not build again while the sources are unchanged, nor for a changed test file', async () => {
    const before = builds;
    expect((await build('v1')).outcome).toBe('unchanged');
    writeFileSync(join(root, 'web', 'src', 'main.test.tsx'), 'it()');
    expect((await build('v1')).outcome).toBe('unchanged');
    expect(builds).toBe(before);
  });

  it('switches a running server to a changed build, and a page of the previous build still loads its lazy chunk', async () => {
    const { outcome } = await build('v2');
    expect(outcome).toBe('built');
    expect((await get('/')).body).toContain('Khata v2');
    expect((await get('/sw.js')).body).toContain('v2');
    expect((await get('/assets/lazy-v2.js')).statusCode).toBe(200);
    // A page opened on v1 before the switch asks for its chunk only now.
    const stale = await get('/assets/lazy-v1.js');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe("console.log('v1')");
  });

  it('leaves the served build alone when a build fails half-way', async () => {
    const failing = async (outDir: string) => {
      mkdirSync(join(outDir, 'assets'), { recursive: true });
      writeFileSync(join(outDir, 'index.html'), 'half a build');
      throw new Error('the build failed');
    };
    await expect(build('v3', { buildInto: failing })).rejects.toThrow('the build failed');
    expect((await get('/')).body).toContain('Khata v2');
    expect((await get('/assets/lazy-v1.js')).statusCode).toBe(200);
  });

  it('switches back to a kept build of the same sources without building', async () => {
    const before = builds;
    expect((await build('v1')).outcome).toBe('switched');
    expect(builds).toBe(before);
    expect((await get('/')).body).toContain('Khata v1');
    // v2's pages, opened a moment ago, still find their chunks.
    expect((await get('/assets/lazy-v2.js')).statusCode).toBe(200);
  });

  it('keeps the newest three builds; a page two builds old gets 404 for its chunk, never the app', async () => {
    await build('v4');
    await build('v5');
    await build('v6');
    const kept = readdirSync(buildsDir).filter((name) => !name.startsWith('.tmp-'));
    expect(kept).toHaveLength(3);
    expect((await get('/assets/lazy-v5.js')).statusCode).toBe(200);
    expect((await get('/assets/lazy-v4.js')).statusCode).toBe(404);
    // The previous build's record lists only its own files: what it carried is not carried again.
    expect((await get('/assets/lazy-v1.js')).statusCode).toBe(404);
  });

  it('moves a dist/web folder of the old layout aside and keeps its chunks for its open pages', async () => {
    const oldRoot = mkdtempSync(join(tmpdir(), 'khata-web-builds-old-'));
    try {
      mkdirSync(join(oldRoot, 'web', 'src'), { recursive: true });
      mkdirSync(join(oldRoot, 'dist', 'web', 'assets'), { recursive: true });
      writeFileSync(join(oldRoot, 'dist', 'web', 'index.html'), 'old');
      writeFileSync(join(oldRoot, 'dist', 'web', 'assets', 'lazy-old.js'), 'old');
      writeFileSync(join(oldRoot, 'web', 'src', 'main.tsx'), 'new');
      await buildWeb({ root: oldRoot, buildInto: async (outDir) => {
        mkdirSync(join(outDir, 'assets'), { recursive: true });
        writeFileSync(join(outDir, 'index.html'), 'new');
      }, log: () => {} });
      const served = join(oldRoot, 'dist', 'web');
      expect(lstatSync(served).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(served, 'index.html'), 'utf8')).toBe('new');
      expect(existsSync(join(served, 'assets', 'lazy-old.js'))).toBe(true);
    } finally {
      rmSync(oldRoot, { recursive: true, force: true });
    }
  });
});
