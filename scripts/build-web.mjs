/**
 * npm run build (and `npm start` before it serves): builds the web app only when its sources
 * changed, each build into a folder of its own, dist/web-builds/<source hash>/, then points the
 * link dist/web at it in one rename. A running server serves through the link, so it switches
 * to the new build at once and never sees a half-written one; and the new folder also holds the
 * previous build's hashed files (assets/*, workbox-*.js), so a page opened before the switch
 * still finds the lazy chunks it asks for later. Older builds are deleted, the newest few kept.
 *
 *   node scripts/build-web.mjs    build when the sources changed (else switch to the kept build of them)
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync,
  statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a build is made of: the web's sources, the common code it imports, the locked
 * dependencies and the build's own configuration (this script included). Tests change no build.
 */
export const sourceInputs = {
  folders: ['web', 'common'],
  files: ['package-lock.json', 'vite.config.ts', 'lingui.config.ts', 'tsconfig.json', 'scripts/build-web.mjs'],
};
const testFile = /\.test\.[cm]?[jt]sx?$/;

/**
 * The record of a finished build, written last: a folder without it is not a build. A dot
 * file, so the server never sends it (@fastify/static ignores dot files).
 */
const recordName = '.khata-build.json';
/** Builds kept besides the current one: the previous (its files are copied forward) and one more to switch back to. */
export const buildsKeptMax = 3;
/** A temporary build folder older than this was left by a build that died: deleted. */
const abandonedBuildMs = 60 * 60 * 1000;

function listFiles(folder, base, out) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return out;
    throw error;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) listFiles(path, base, out);
    else if (entry.isFile() && !testFile.test(entry.name)) out.push(relative(base, path).split(sep).join('/'));
  }
  return out;
}

/**
 * The hash of every input's path and bytes (and of the VITE_* variables, which a build bakes
 * in): 16 hex digits name the build's folder.
 */
export function sourceHash(root = repositoryRoot, inputs = sourceInputs, env = process.env) {
  const files = [
    ...inputs.folders.flatMap((folder) => listFiles(join(root, folder), root, [])),
    ...inputs.files.filter((file) => existsSync(join(root, file))),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env).filter((key) => key.startsWith('VITE_')).sort()) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex').slice(0, 16);
}

export function readRecord(buildDir) {
  try {
    return JSON.parse(readFileSync(join(buildDir, recordName), 'utf8'));
  } catch {
    return null;
  }
}

/** The build folder the link points at (absolute), or null; a plain folder there (the old layout) is returned as it is. */
export function currentBuild(linkPath) {
  let stat;
  try {
    stat = lstatSync(linkPath);
  } catch {
    return null;
  }
  if (stat.isSymbolicLink()) {
    const target = resolve(dirname(linkPath), readlinkSync(linkPath));
    return existsSync(target) ? target : null;
  }
  return stat.isDirectory() ? linkPath : null;
}

/** A build's own hashed files, those a page of it may ask for: assets/* and workbox-*.js at the root. */
function ownHashedFiles(buildDir) {
  const record = readRecord(buildDir);
  if (record && Array.isArray(record.files)) return record.files;
  // A build made before this script (no record): everything it holds of those kinds.
  return [
    ...listFiles(join(buildDir, 'assets'), buildDir, []),
    ...readdirSync(buildDir).filter((name) => name.startsWith('workbox-')),
  ];
}

/**
 * Copies the previous build's own hashed files into the new build, where the new build has no
 * file of that name: hashed names mean the same name is the same content. A hard link where
 * the file system allows it, so it costs no space. Returns how many were carried over.
 */
export function carryForward(previousDir, newDir) {
  let carried = 0;
  for (const file of ownHashedFiles(previousDir)) {
    const from = join(previousDir, file);
    const to = join(newDir, file);
    if (existsSync(to) || !existsSync(from)) continue;
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    carried += 1;
  }
  return carried;
}

/**
 * Points `linkPath` at `buildDir` in one rename, so a reader sees the old build or the new one,
 * never neither. A plain folder left at `linkPath` by the old layout is moved into the builds
 * folder first (the one moment the path is missing, once).
 */
export function switchTo(linkPath, buildDir, buildsDir) {
  const stat = (() => { try { return lstatSync(linkPath); } catch { return null; } })();
  if (stat && !stat.isSymbolicLink()) {
    renameSync(linkPath, join(buildsDir, `legacy-${Date.now()}`));
  }
  const next = `${linkPath}.next-${process.pid}`;
  rmSync(next, { force: true });
  symlinkSync(relative(dirname(linkPath), buildDir), next);
  renameSync(next, linkPath);
}

/**
 * Deletes the builds beyond the newest `keep` (by their record's time), never the current one
 * nor the previous; and temporary folders of builds that died.
 */
export function prune(buildsDir, keep, protectedDirs, now = Date.now()) {
  const removed = [];
  const builds = [];
  for (const name of readdirSync(buildsDir)) {
    const dir = join(buildsDir, name);
    if (name.startsWith('.tmp-')) {
      if (now - statSync(dir).mtimeMs > abandonedBuildMs) {
        rmSync(dir, { recursive: true, force: true });
        removed.push(name);
      }
      continue;
    }
    const record = readRecord(dir);
    builds.push({ name, dir, at: record?.builtAt ? Date.parse(record.builtAt) : statSync(dir).mtimeMs });
  }
  builds.sort((a, b) => b.at - a.at);
  const kept = new Set(protectedDirs.filter(Boolean).map((dir) => resolve(dir)));
  for (const build of builds) {
    if (kept.has(resolve(build.dir))) continue;
    if (kept.size < keep) {
      kept.add(resolve(build.dir));
      continue;
    }
    rmSync(build.dir, { recursive: true, force: true });
    removed.push(build.name);
  }
  return removed;
}

/**
 * The whole step. `buildInto(dir)` writes a build into an empty folder (Vite by default;
 * the tests pass a fake). Returns what it did: 'unchanged', 'switched' (a kept build of these
 * sources) or 'built'.
 */
export async function buildWeb({
  root = repositoryRoot, buildInto = viteBuild, keep = buildsKeptMax, log = console.log,
  hash = sourceHash(root),
} = {}) {
  const distDir = join(root, 'dist');
  const buildsDir = join(distDir, 'web-builds');
  const linkPath = join(distDir, 'web');
  const target = join(buildsDir, hash);
  mkdirSync(buildsDir, { recursive: true });
  const previous = currentBuild(linkPath);

  let outcome;
  if (readRecord(target)) {
    if (previous && resolve(previous) === resolve(target)) {
      log(`The web app is up to date (build ${hash}).`);
      return { outcome: 'unchanged', hash, dir: target };
    }
    outcome = 'switched';
  } else {
    const startedAt = Date.now();
    const temporary = join(buildsDir, `.tmp-${hash}-${process.pid}`);
    rmSync(temporary, { recursive: true, force: true });
    await buildInto(temporary);
    const files = ownHashedFiles(temporary);
    writeFileSync(join(temporary, recordName), `${JSON.stringify({ hash, builtAt: new Date().toISOString(), files }, null, 2)}\n`);
    // Another build of the same sources may have finished first (two starts at once): theirs
    // stays, as a server may already serve it, and this one goes.
    if (readRecord(target)) rmSync(temporary, { recursive: true, force: true });
    else {
      rmSync(target, { recursive: true, force: true });
      renameSync(temporary, target);
    }
    log(`Built the web app (build ${hash}) in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
    outcome = 'built';
  }

  if (previous && resolve(previous) !== resolve(target)) {
    const carried = carryForward(previous, target);
    if (carried > 0) log(`Kept ${carried} hashed files of the previous build for pages opened before this one.`);
  }
  switchTo(linkPath, target, buildsDir);
  const current = currentBuild(linkPath);
  // The old layout's folder was moved: protect it under its new name by keeping the newest.
  const removed = prune(buildsDir, keep, [current, previous && existsSync(previous) ? previous : null]);
  if (removed.length > 0) log(`Deleted ${removed.length} older build(s): ${removed.join(', ')}.`);
  log(`dist/web now serves build ${hash}.`);
  return { outcome, hash, dir: target };
}

/** Vite's production build, with vite.config.ts, into `outDir`. */
async function viteBuild(outDir) {
  const { build } = await import('vite');
  await build({
    configFile: join(repositoryRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildWeb();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
