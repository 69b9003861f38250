/**
 * The CI budget of the customer login (docs/performance.md): all the JavaScript Chromium
 * fetches for /cust, signed out, until the page is interactive, gzipped, must stay at or
 * under 80 KiB, dynamic imports made at start-up included. Exits 1 above it, or when the
 * build is not React's production build.
 *
 *   npx tsx bench/web-budget.ts              builds into dist/web first (NODE_ENV=development)
 *   npx tsx bench/web-budget.ts --no-build   reads an existing build (--dir DIR, default dist/web)
 *
 * How it measures: the real app (in this process, over an in-memory PGlite) serves the
 * build; headless Chromium, phone-sized, opens /cust and waits until the Sign In button
 * is enabled and the network has been idle for a second without anyone touching the
 * page. Every script response up to then counts, at gzip -9 of its decoded body.
 * Only the page's own: the service worker the page registers at idle fetches
 * /sw.js and precaches the build from a worker of its own, which Playwright reports on the
 * browser context, never on the page, so neither counts; the budget is what the page runs.
 * Cross-checks: what index.html and the entry chunk import statically (read from Vite's
 * manifest) must be among what Chromium fetched, and no script may carry React's
 * development markers: the build runs with NODE_ENV=development in its environment, as
 * a developer's shell may have it, and vite.config.ts must still make it a production one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/client';
import { migrateEmbedded } from '../server/db/migrate';
import { developmentSmsProvider } from '../server/sms/development';
import { testConfig } from '../server/test/config';

/** 80 KiB gzipped: the budget for the JavaScript of /cust, so the login opens fast on a slow phone. */
export const custScriptBudgetGzipBytes = 80 * 1024;

export const chromiumPath = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
export const defaultWebDir = join(repositoryRoot, 'dist/web');

export interface ScriptFile {
  /** Path inside the build, e.g. "assets/index-B49OfTGN.js". */
  file: string;
  rawBytes: number;
  /** zlib level 9, as a server or CDN would send it. */
  gzipBytes: number;
  brotliBytes: number;
}

export interface CustScripts {
  files: ScriptFile[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * Builds the web app into `webDir` the way `npm run build` does, with NODE_ENV=development
 * in the environment unless `nodeEnv` says otherwise: the build must not care.
 */
export function buildWeb(webDir = defaultWebDir, nodeEnv = 'development'): void {
  const args = ['vite', 'build', '--outDir', webDir, '--emptyOutDir'];
  const build = spawnSync('npx', args, { cwd: repositoryRoot, encoding: 'utf8', env: { ...process.env, NODE_ENV: nodeEnv } });
  if (build.status !== 0) {
    throw new Error(`"npx ${args.join(' ')}" failed (exit ${build.status})\n${build.stdout}\n${build.stderr}`);
  }
}

/** Strips the leading slash of an asset URL in index.html: "/assets/x.js" → "assets/x.js". */
const buildPath = (url: string) => url.replace(/^\//, '');

/** The script files the HTML names: its module script(s) and modulepreload links. */
function scriptsInHtml(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) files.push(buildPath(src));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) files.push(buildPath(href));
  }
  return files;
}

/** The entry chunk's file and every chunk it imports statically, transitively. */
function staticImportsOfEntry(manifest: Record<string, ManifestChunk>): string[] {
  const entry = manifest['index.html'] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk (is build.manifest on in vite.config.ts?)');
  const files = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`the manifest names an import it does not list: ${key}`);
      visit(imported);
    }
  };
  visit(entry);
  return [...files];
}

/** The JavaScript index.html and the entry chunk import statically, from a build in `webDir`. */
export function measureStaticScripts(webDir = defaultWebDir): CustScripts {
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build first (build.manifest must be on)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const names = new Set([...scriptsInHtml(html), ...staticImportsOfEntry(manifest)]);
  return summarise([...names].filter((file) => file.endsWith('.js')).map((file) => scriptFile(file, readFileSync(join(webDir, file)))));
}

function scriptFile(file: string, bytes: Buffer): ScriptFile {
  return {
    file,
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
    brotliBytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function summarise(files: ScriptFile[]): CustScripts {
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (pick: (file: ScriptFile) => number) => files.reduce((total, file) => total + pick(file), 0);
  return { files, rawBytes: sum((f) => f.rawBytes), gzipBytes: sum((f) => f.gzipBytes), brotliBytes: sum((f) => f.brotliBytes) };
}

/** React's development build names jsxDEV; its production build links its errors to react.dev. */
const reactDevelopmentMarker = 'jsxDEV';
const reactProductionMarker = 'react.dev/errors/';

/**
 * Every script Chromium fetches for `path` on `baseUrl` (signed out, untouched) until the
 * page shows an enabled Sign In button and the network has been idle for a second.
 * Throws if any script is React's development build.
 */
export async function scriptsChromiumFetches(baseUrl: string, path = '/cust'): Promise<CustScripts> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const pending: Promise<ScriptFile & { text: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const file = new URL(response.url()).pathname.replace(/^\//, '');
      pending.push(response.body().then((bytes) => ({ ...scriptFile(file, bytes), text: bytes.toString('utf8') })));
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor({ state: 'visible', timeout: 30_000 });
    if (!(await signIn.isEnabled())) throw new Error(`${path}: the Sign In button is disabled`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    const fetched = await Promise.all(pending);
    const development = fetched.filter((file) => file.text.includes(reactDevelopmentMarker)).map((file) => file.file);
    if (development.length > 0) throw new Error(`React's development build was served (${reactDevelopmentMarker} in ${development.join(', ')})`);
    if (!fetched.some((file) => file.text.includes(reactProductionMarker))) {
      throw new Error(`no script carries React's production marker (${reactProductionMarker}): is React in the page at all?`);
    }
    return summarise(fetched.map(({ text: _text, ...file }) => file));
  } finally {
    await browser.close();
  }
}

/** Serves the build in `webDir` from the real app over an in-memory PGlite, for `use`. */
export async function withServedBuild<T>(webDir: string, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const database = await openPglite();
  await migrateEmbedded(database.client);
  const app = await buildApp({ db: database.db, config: testConfig({ webDir }), sms: developmentSmsProvider(() => {}), logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return await use(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  } finally {
    await app.close();
    await database.close();
  }
}

/** What /cust loads before it is interactive, in Chromium, cross-checked with the manifest. */
export async function measureCustScripts(webDir = defaultWebDir): Promise<CustScripts> {
  const fetched = await withServedBuild(webDir, (baseUrl) => scriptsChromiumFetches(baseUrl));
  const names = new Set(fetched.files.map((file) => file.file));
  const missed = measureStaticScripts(webDir).files.filter((file) => !names.has(file.file));
  if (missed.length > 0) {
    throw new Error(`Chromium did not fetch scripts /cust imports statically: ${missed.map((file) => file.file).join(', ')}`);
  }
  return fetched;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const number = (value: number) => value.toLocaleString('en-US');

export function printCustScripts(scripts: CustScripts): void {
  console.log('JavaScript Chromium fetches for /cust until interactive (raw, gzip -9, brotli -11 bytes):');
  for (const file of scripts.files) {
    console.log(`  ${file.file.padEnd(44)} ${number(file.rawBytes).padStart(9)} ${number(file.gzipBytes).padStart(9)} ${number(file.brotliBytes).padStart(9)}`);
  }
  console.log(`  ${'total'.padEnd(44)} ${number(scripts.rawBytes).padStart(9)} ${number(scripts.gzipBytes).padStart(9)} ${number(scripts.brotliBytes).padStart(9)}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dirArgument = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : undefined;
  const webDir = dirArgument ? resolve(dirArgument) : defaultWebDir;
  if (!args.includes('--no-build')) buildWeb(webDir);
  const scripts = await measureCustScripts(webDir);
  printCustScripts(scripts);
  const within = scripts.gzipBytes <= custScriptBudgetGzipBytes;
  console.log(
    `/cust JavaScript: ${number(scripts.gzipBytes)} bytes gzipped (${kib(scripts.gzipBytes)}) of a ` +
      `${number(custScriptBudgetGzipBytes)}-byte budget: ${within ? 'within' : 'OVER'} budget`,
  );
  if (!within) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
