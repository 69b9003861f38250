/**
 * The CI budget of the customer login (issue 5): the JavaScript /cust loads before anyone
 * touches it, gzipped, must stay at or under 100 KiB. Exits 1 above it.
 *
 *   npx tsx bench/web-budget.ts              builds into dist/web first
 *   npx tsx bench/web-budget.ts --no-build   reads an existing build (--dir DIR, default dist/web)
 *
 * "What /cust loads" is read statically from the build: index.html's module script and
 * modulepreload links, plus everything the entry chunk imports statically, followed
 * through Vite's manifest (build.manifest). Chunks behind a dynamic import() load on
 * demand and are not counted. Every URL serves the same index.html, so /cust loads
 * exactly this set (bench/web.ts checks it against what Chromium really fetches).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** 100 KiB gzipped: issue 5's budget for the JavaScript of /cust. */
export const custScriptBudgetGzipBytes = 100 * 1024;

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

/** Builds the web app into `webDir` the way `npm run build` does. */
export function buildWeb(webDir = defaultWebDir): void {
  const args = ['vite', 'build', '--outDir', webDir, '--emptyOutDir'];
  const build = spawnSync('npx', args, { cwd: repositoryRoot, encoding: 'utf8' });
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

/** Measures the JavaScript that /cust loads up front, from a build in `webDir`. */
export function measureCustScripts(webDir = defaultWebDir): CustScripts {
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build first (build.manifest must be on)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const names = new Set([...scriptsInHtml(html), ...staticImportsOfEntry(manifest)]);
  const files = [...names].filter((file) => file.endsWith('.js')).map((file): ScriptFile => {
    const bytes = readFileSync(join(webDir, file));
    return {
      file,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      brotliBytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (pick: (file: ScriptFile) => number) => files.reduce((total, file) => total + pick(file), 0);
  return { files, rawBytes: sum((f) => f.rawBytes), gzipBytes: sum((f) => f.gzipBytes), brotliBytes: sum((f) => f.brotliBytes) };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const number = (value: number) => value.toLocaleString('en-US');

export function printCustScripts(scripts: CustScripts): void {
  console.log('JavaScript /cust loads up front (raw, gzip -9, brotli -11 bytes):');
  for (const file of scripts.files) {
    console.log(`  ${file.file.padEnd(44)} ${number(file.rawBytes).padStart(9)} ${number(file.gzipBytes).padStart(9)} ${number(file.brotliBytes).padStart(9)}`);
  }
  console.log(`  ${'total'.padEnd(44)} ${number(scripts.rawBytes).padStart(9)} ${number(scripts.gzipBytes).padStart(9)} ${number(scripts.brotliBytes).padStart(9)}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const dirArgument = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : undefined;
  const webDir = dirArgument ? resolve(dirArgument) : defaultWebDir;
  if (!args.includes('--no-build')) buildWeb(webDir);
  const scripts = measureCustScripts(webDir);
  printCustScripts(scripts);
  const within = scripts.gzipBytes <= custScriptBudgetGzipBytes;
  console.log(
    `/cust JavaScript: ${number(scripts.gzipBytes)} bytes gzipped (${kib(scripts.gzipBytes)}) of a ` +
      `${number(custScriptBudgetGzipBytes)}-byte budget: ${within ? 'within' : 'OVER'} budget`,
  );
  if (!within) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
